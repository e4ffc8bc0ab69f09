import { describe, expect, it } from 'vitest';
import { importCardCreatedMessage } from '@cardstack/shared/teams/import-rows';
import { importCreatedToast, importSummary, removalConsequence } from './team-texts';

describe('removalConsequence — the remove dialog says what happens to the cards', () => {
  it.each([
    [{ name: 'Ada', cardCount: 0, status: 'accepted' as const }, 'Ada keeps their account but loses access to the team. They hold no team cards.'],
    [
      { name: 'Ada', cardCount: 1, status: 'accepted' as const },
      'Ada keeps their account but loses access to the team. Their team card stays with the team: it moves to Olivia’s cards, with the same public links.',
    ],
    [
      { name: 'Ada', cardCount: 3, status: 'accepted' as const },
      'Ada keeps their account but loses access to the team. Their 3 team cards stay with the team: they move to Olivia’s cards, with the same public links.',
    ],
    [{ name: 'Ada', cardCount: 0, status: 'pending' as const }, 'Ada has not joined yet: the invitation link stops working.'],
  ])('%o', (member, expected) => {
    expect(removalConsequence(member, 'Olivia')).toBe(expected);
  });
});

it('summarises an import', () => {
  expect(importSummary({ createdCount: 197, skippedCount: 0, rejectedCount: 3 })).toBe('197 created, 0 skipped, 3 rejected');
});

describe('importCreatedToast — "Cards created" / "Card created"', () => {
  const row = (outcome: 'created' | 'skipped' | 'rejected', message: string) => ({ row: 2, email: 'a@example.com', outcome, message });
  const cardMade = row('created', importCardCreatedMessage);
  const invited = row('created', 'Invited. Their card is made when they accept.');
  it.each([
    ['no rows', [], null],
    ['only invitations (their cards come when they accept)', [invited, invited], null],
    ['one card', [cardMade, invited, row('skipped', 'Already in the team: nothing changed.')], 'Card created'],
    ['two cards', [cardMade, cardMade, row('rejected', 'Name: Name is required')], 'Cards created'],
  ] as const)('%s -> %j', (_name, rows, toast) => {
    expect(importCreatedToast({ rows: [...rows] })).toBe(toast);
  });
});
