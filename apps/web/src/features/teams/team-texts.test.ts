import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { cardMessages } from '@cardstack/shared/cards/messages';
import { importCardCreatedMessage, importFileMessages } from '@cardstack/shared/teams/import-rows';
import { memberRoles, permissions, permissionTexts, roleTitles } from '@cardstack/shared/teams/roles';
import type { TeamMessageId, TeamTranslate } from './messages';
import arabic from './messages/ar.json';
import english from './messages/en.json';
import german from './messages/de.json';
import { importCreatedToast, importSummary, permissionTextIds, removalConsequence, roleTitleIds } from './team-texts';

/** The catalogs arrive compiled (the compiled-catalogs plugin), as the browser gets them. */
function translator(locale: string, catalog: Record<TeamMessageId, string>): TeamTranslate {
  const i18n = setupI18n({ locale, messages: { [locale]: catalog as unknown as Messages } });
  return (id, values) => i18n._(id, values);
}
const t = translator('en', english);

describe('the English catalog says what the shared constants say', () => {
  it.each(memberRoles)('role %s', (role) => {
    expect(t(roleTitleIds[role])).toBe(roleTitles[role]);
  });

  it.each(permissions)('permission %s', (permission) => {
    expect(t(permissionTextIds[permission].label)).toBe(permissionTexts[permission].label);
    expect(t(permissionTextIds[permission].description)).toBe(permissionTexts[permission].description);
  });

  it('the import file checks and the card toast', () => {
    expect(t('fileWrongType')).toBe(importFileMessages.wrongType);
    expect(t('fileTooLarge')).toBe(importFileMessages.tooLarge);
    expect(t('cardCreated')).toBe(cardMessages.created);
  });
});

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
    expect(removalConsequence(t, member, 'Olivia')).toBe(expected);
  });

  it('counts the cards in the reader’s language', () => {
    const member = { name: 'Ada', cardCount: 2, status: 'accepted' as const };
    expect(removalConsequence(translator('de', german), member, 'Olivia')).toContain('Die 2 Teamkarten bleiben beim Team');
    expect(removalConsequence(translator('ar', arabic), member, 'Olivia')).toContain('بطاقتا الفريق');
  });
});

it('summarises an import', () => {
  expect(importSummary(t, { createdCount: 197, skippedCount: 0, rejectedCount: 3 })).toBe('197 created, 0 skipped, 3 rejected');
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
    expect(importCreatedToast(t, { rows: [...rows] })).toBe(toast);
  });
});

describe('sentences the browser tests read in English', () => {
  it.each([
    ['usedOfAllowance', { used: 1, allowance: 10 }, '1 of 10'],
    ['rowsProcessed', { processed: 200, total: 200 }, '200 of 200 rows'],
    ['roleChanged', { name: 'Ada', role: 'employee' }, 'Ada is now employee.'],
    ['rolePermission', { role: 'Employee', permission: 'Manage digital cards' }, 'Employee: Manage digital cards'],
    [
      'invitationIntro',
      { hasInviter: 'yes', inviter: 'Olivia Owner', email: 'e@example.com', hasTeam: 'yes', team: 'Olivia Owner’s team', role: 'employee' },
      'Olivia Owner invited <email>e@example.com</email> to join Olivia Owner’s team as employee.',
    ],
    [
      'invitationIntro',
      { hasInviter: 'no', inviter: '', email: 'e@example.com', hasTeam: 'no', team: '', role: 'none' },
      'Someone invited <email>e@example.com</email> to join the team as a member.',
    ],
  ] as const)('%s %j', (id, values, expected) => {
    expect(t(id, values)).toBe(expected);
  });
});
