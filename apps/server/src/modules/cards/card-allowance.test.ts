import { describe, expect, it } from 'vitest';
import { applyCardAllowance, type CardForLimit } from '@cardstack/shared/plans/card-limits';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { blockedCardIdsOfOwner, scopeOfNewCard, sharedTeamOf } from './card-allowance-rules';

describe('scopeOfNewCard: whose places one more card takes', () => {
  it.each<[string, { ownerId: string; teamOwnerId: string | null }, UserPlan, ReturnType<typeof scopeOfNewCard>]>([
    ['a personal card on Basic', { ownerId: 'u', teamOwnerId: null }, 'basic', { kind: 'own', ownerId: 'u' }],
    ['a personal card on Pro', { ownerId: 'u', teamOwnerId: null }, 'subscribed', { kind: 'own', ownerId: 'u' }],
    ['a Teams owner’s own card', { ownerId: 'o', teamOwnerId: null }, 'team', { kind: 'team', teamOwnerId: 'o' }],
    ['a member’s team card', { ownerId: 'm', teamOwnerId: 'o' }, 'basic', { kind: 'team', teamOwnerId: 'o' }],
    ['a team card whose owner’s own plan is Pro', { ownerId: 'm', teamOwnerId: 'o' }, 'subscribed', { kind: 'team', teamOwnerId: 'o' }],
  ])('%s', (_name, card, ownerPlan, expected) => {
    expect(scopeOfNewCard(card, ownerPlan)).toEqual(expected);
  });
});

describe('sharedTeamOf: team mode holds while the team owner is on Teams', () => {
  it.each<[string, UserPlan, string | null]>([
    ['the team owner on Teams', 'team', 'o'],
    ['the team owner back on Pro', 'subscribed', null],
    ['the team owner back on Basic', 'basic', null],
  ])('%s', (_name, teamOwnerPlan, expected) => {
    expect(sharedTeamOf({ teamOwnerId: 'o', teamOwnerPlan })).toBe(expected);
  });
});

describe('blockedCardIdsOfOwner', () => {
  const card = (id: string, createdAt: string, isDefault = false): CardForLimit => ({ id, createdAt, isDefault });
  // Registered on or after 2024-09-11: the newer pricing model ("account blocked"), where Basic keeps 1 card.
  const basic = { plan: 'basic', accountCreatedAt: '2024-10-01' } as const;
  const teamsOf = (cardLimitation: number) => ({ plan: 'team', accountCreatedAt: '2024-10-01', subscriptionCreatedAt: '2024-10-01', cardLimitation }) as const;

  it('outside team mode, the owner’s own plan decides', () => {
    const own = applyCardAllowance([card('a', '2024-10-01', true), card('b', '2024-10-02')], basic);
    expect(blockedCardIdsOfOwner(own, null)).toEqual(['b']);
  });

  it.each<[string, number, string[]]>([
    // The member's two team cards; a Teams plan of 10 keeps both, a card_limitation of 1 keeps the default.
    ['team allowance of 10: nothing blocked', 10, []],
    ['card_limitation 1: the newest non-default team card is blocked', 1, ['t2']],
  ])('a member’s team cards follow the team: %s', (_name, limit, expected) => {
    const memberCards = [card('t1', '2024-10-01', true), card('t2', '2024-10-02')];
    const own = applyCardAllowance(memberCards, basic); // On Basic alone the member keeps one card.
    expect(own.blockedCardIds).toEqual(['t2']);
    const team = applyCardAllowance(memberCards, teamsOf(limit));
    expect(blockedCardIdsOfOwner(own, team)).toEqual(expected);
  });

  it('a member’s personal cards stay under their own plan in team mode', () => {
    const own = applyCardAllowance([card('t1', '2024-10-03', true), card('p1', '2024-10-02'), card('p2', '2024-10-01')], basic);
    const team = applyCardAllowance([card('t1', '2024-10-03', true)], teamsOf(10));
    expect(blockedCardIdsOfOwner(own, team)).toEqual(['p1', 'p2']);
  });
});
