import { describe, expect, it } from 'vitest';
import {
  cardAllowance,
  cardAllowanceText,
  isAccountBlocked,
  parseCardLimitation,
  pricingModelDate,
  applyCardAllowance,
  type CardForLimit,
  type PlanState,
} from './card-limits';

/** n cards, the first one default, each a day newer than the one before. */
function cards(count: number): CardForLimit[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `card-${index + 1}`,
    isDefault: index === 0,
    createdAt: new Date(Date.UTC(2024, 0, 1 + index)).toISOString(),
  }));
}

function access(count: number, state: PlanState) {
  const result = applyCardAllowance(cards(count), state);
  return { canCreate: result.canCreateCard, active: result.activeCardIds.length, blocked: result.blockedCardIds.length };
}

describe('the pricing-model date and "account blocked"', () => {
  // "Accounts or subscriptions from 2024-09-11 onward are flagged 'account blocked' (the newer pricing model)."
  it.each([
    ['2024-09-10', false],
    ['2024-09-10T23:59:59.999Z', false],
    ['2024-09-11', true],
    ['2024-09-11T00:00:00.000Z', true],
    ['2024-09-12', true],
    // Thresholds are UTC days: 01:00 in UTC+2 on the 11th is still the 10th in UTC.
    ['2024-09-11T01:00:00+02:00', false],
  ])('an account dated %s is blocked: %s', (accountCreatedAt, expected) => {
    expect(isAccountBlocked({ accountCreatedAt })).toBe(expected);
  });

  // "the account (or its last cancelled subscription) is dated on or after 2024-09-11"
  it.each([
    ['2023-01-01', null, '2023-01-01', false],
    ['2023-01-01', '2024-09-10', '2024-09-10', false],
    ['2023-01-01', '2024-09-11', '2024-09-11', true],
    ['2024-09-11', '2024-09-11', '2024-09-11', true],
    ['2024-09-12', '2024-09-10', '2024-09-12', true],
  ] as const)('account %s, subscription %s: dated %s, blocked %s', (account, subscription, dated, blocked) => {
    const state = { accountCreatedAt: account, subscriptionCreatedAt: subscription };
    expect(pricingModelDate(state).toISOString()).toBe(`${dated}T00:00:00.000Z`);
    expect(isAccountBlocked(state)).toBe(blocked);
  });

  it('refuses a date it cannot read rather than guess a pricing model', () => {
    expect(() => isAccountBlocked({ accountCreatedAt: 'not a date' })).toThrow(RangeError);
  });
});

describe('Basic — "limit applies when the account was created on or after 2024-05-14 and it has 10 or more cards, or when it has 1 or more cards and the account (or its last cancelled subscription) is dated on or after 2024-09-11"', () => {
  it.each([
    // Before 2024-05-14: no limit at all.
    ['2024-05-13', 9, true, 9, 0],
    ['2024-05-13', 10, true, 10, 0],
    ['2024-05-13', 11, true, 11, 0],
    ['2024-05-13T23:59:59.999Z', 10, true, 10, 0],
    // From 2024-05-14: "up to 10 cards for accounts not blocked".
    ['2024-05-14', 9, true, 9, 0],
    ['2024-05-14', 10, false, 10, 0],
    ['2024-05-14', 11, false, 10, 1],
    ['2024-05-15', 9, true, 9, 0],
    ['2024-05-15', 10, false, 10, 0],
    ['2024-05-15', 11, false, 10, 1],
    ['2024-09-10', 0, true, 0, 0],
    ['2024-09-10', 1, true, 1, 0],
    ['2024-09-10', 2, true, 2, 0],
    ['2024-09-10', 10, false, 10, 0],
    // From 2024-09-11: "Basic lists 1 unique card".
    ['2024-09-11', 0, true, 0, 0],
    ['2024-09-11', 1, false, 1, 0],
    ['2024-09-11', 2, false, 1, 1],
    ['2024-09-11', 11, false, 1, 10],
    ['2024-09-12', 0, true, 0, 0],
    ['2024-09-12', 1, false, 1, 0],
    ['2024-09-12', 2, false, 1, 1],
  ] as const)('account %s with %i cards: create %s, %i active, %i blocked', (date, count, canCreate, active, blocked) => {
    expect(access(count, { plan: 'basic', accountCreatedAt: date })).toEqual({ canCreate, active, blocked });
  });

  it.each([
    // An old account whose last cancelled subscription dates from a later pricing model follows that model.
    ['2023-06-01', '2024-05-13', 11, true, 11, 0],
    ['2023-06-01', '2024-05-14', 10, false, 10, 0],
    ['2023-06-01', '2024-05-14', 11, false, 10, 1],
    ['2023-06-01', '2024-09-10', 2, true, 2, 0],
    ['2023-06-01', '2024-09-11', 1, false, 1, 0],
    ['2023-06-01', '2024-09-11', 2, false, 1, 1],
    ['2023-06-01', '2024-09-12', 2, false, 1, 1],
  ] as const)(
    'account %s, last cancelled subscription %s, %i cards: create %s, %i active, %i blocked',
    (account, cancelled, count, canCreate, active, blocked) => {
      const state: PlanState = { plan: 'basic', accountCreatedAt: account, subscriptionCreatedAt: cancelled };
      expect(access(count, state)).toEqual({ canCreate, active, blocked });
    },
  );

  it('ignores card_limitation: a Basic user has no current subscription to carry it', () => {
    const state: PlanState = { plan: 'basic', accountCreatedAt: '2024-09-11', cardLimitation: '5' };
    expect(cardAllowance(state)).toEqual({ maxActiveCards: 1, isAccountBlocked: true, isOverridden: false });
  });

  it('keeps the default card when only one may stay active', () => {
    const result = applyCardAllowance(
      [
        { id: 'newest', isDefault: false, createdAt: '2024-10-03' },
        { id: 'default', isDefault: true, createdAt: '2024-10-01' },
        { id: 'older', isDefault: false, createdAt: '2024-10-02' },
      ],
      { plan: 'basic', accountCreatedAt: '2024-09-11' },
    );
    expect(result.activeCardIds).toEqual(['default']);
    expect(result.blockedCardIds).toEqual(['newest', 'older']);
  });
});

describe('Pro — "with 2 or more cards, the limit applies only to accounts or subscriptions on or after 2024-09-11"', () => {
  it.each([
    ['2024-09-10', 1, true, 1, 0],
    ['2024-09-10', 2, true, 2, 0],
    ['2024-09-10', 11, true, 11, 0],
    ['2024-09-10T23:59:59.999Z', 3, true, 3, 0],
    ['2024-09-11', 0, true, 0, 0],
    ['2024-09-11', 1, true, 1, 0],
    ['2024-09-11', 2, false, 2, 0],
    ['2024-09-11', 3, false, 2, 1],
    ['2024-09-12', 1, true, 1, 0],
    ['2024-09-12', 2, false, 2, 0],
    ['2024-09-12', 3, false, 2, 1],
  ] as const)('subscription %s with %i cards: create %s, %i active, %i blocked', (date, count, canCreate, active, blocked) => {
    const state: PlanState = { plan: 'subscribed', accountCreatedAt: '2023-01-01', subscriptionCreatedAt: date };
    expect(access(count, state)).toEqual({ canCreate, active, blocked });
  });

  it('an account from 2024-09-11 is on the new pricing model whatever its subscription says', () => {
    const state: PlanState = { plan: 'subscribed', accountCreatedAt: '2024-09-11', subscriptionCreatedAt: null };
    expect(access(2, state)).toEqual({ canCreate: false, active: 2, blocked: 0 });
  });

  // The subscription's metadata card_limitation, when set, overrides the plan's card allowance.
  it.each([
    ['2024-09-11', '5', 4, true, 4, 0],
    ['2024-09-11', '5', 5, false, 5, 0],
    ['2024-09-11', 5, 6, false, 5, 1],
    ['2024-09-11', '1', 2, false, 1, 1],
    // The override changes the number, not the date condition: a pre-2024-09-11 subscription stays unlimited.
    ['2024-09-10', '5', 6, true, 6, 0],
  ] as const)(
    'subscription %s with card_limitation %s and %i cards: create %s, %i active, %i blocked',
    (date, cardLimitation, count, canCreate, active, blocked) => {
      const state: PlanState = { plan: 'subscribed', accountCreatedAt: '2023-01-01', subscriptionCreatedAt: date, cardLimitation };
      expect(access(count, state)).toEqual({ canCreate, active, blocked });
    },
  );
});

describe('Teams — "applies when the plan\'s card allowance is at most the number of cards and the date condition holds"', () => {
  it.each([
    [10, '2024-09-10', 11, true, 11, 0],
    [10, '2024-09-11', 9, true, 9, 0],
    [10, '2024-09-11', 10, false, 10, 0],
    [10, '2024-09-11', 11, false, 10, 1],
    [25, '2024-09-12', 24, true, 24, 0],
    [25, '2024-09-12', 25, false, 25, 0],
    [25, '2024-09-12', 26, false, 25, 1],
    [250, '2024-09-11', 251, false, 250, 1],
  ] as const)('%i cards tier, subscription %s, %i cards: create %s, %i active, %i blocked', (teamTier, date, count, canCreate, active, blocked) => {
    const state: PlanState = { plan: 'team', accountCreatedAt: '2024-01-01', subscriptionCreatedAt: date, teamTier };
    expect(access(count, state)).toEqual({ canCreate, active, blocked });
  });

  it('card_limitation overrides the tier (e.g. a 251+ quote)', () => {
    const state: PlanState = {
      plan: 'team',
      accountCreatedAt: '2024-10-01',
      subscriptionCreatedAt: '2024-10-01',
      teamTier: 250,
      cardLimitation: '400',
    };
    expect(cardAllowance(state)).toEqual({ maxActiveCards: 400, isAccountBlocked: true, isOverridden: true });
    expect(access(400, state)).toEqual({ canCreate: false, active: 400, blocked: 0 });
  });

  it('falls back to the smallest size when the subscription names none', () => {
    expect(cardAllowance({ plan: 'team', accountCreatedAt: '2024-10-01' }).maxActiveCards).toBe(10);
  });

  // "On Teams, only the newest cards up to the allowance stay active, default cards first."
  it('keeps default cards first, then the newest, and blocks the oldest', () => {
    const teamCards: CardForLimit[] = [
      { id: 'a-old-default', isDefault: true, createdAt: '2024-10-01T08:00:00Z' },
      { id: 'b-newest', isDefault: false, createdAt: '2024-10-09T08:00:00Z' },
      { id: 'c-oldest', isDefault: false, createdAt: '2024-09-20T08:00:00Z' },
      { id: 'd-new-default', isDefault: true, createdAt: '2024-10-05T08:00:00Z' },
      { id: 'e-middle', isDefault: false, createdAt: '2024-10-03T08:00:00Z' },
      { id: 'f-middle-twin', isDefault: false, createdAt: '2024-10-03T08:00:00Z' },
    ];
    const state: PlanState = {
      plan: 'team',
      accountCreatedAt: '2024-09-15',
      subscriptionCreatedAt: '2024-09-15',
      cardLimitation: 4,
    };
    const result = applyCardAllowance(teamCards, state);
    expect(result.activeCardIds).toEqual(['d-new-default', 'a-old-default', 'b-newest', 'e-middle']);
    expect(result.blockedCardIds).toEqual(['f-middle-twin', 'c-oldest']);
    expect(result.canCreateCard).toBe(false);
  });

  it('has no effect on the input order', () => {
    const input = cards(3);
    const before = input.map((card) => card.id);
    applyCardAllowance(input, { plan: 'team', accountCreatedAt: '2024-10-01', cardLimitation: 1 });
    expect(input.map((card) => card.id)).toEqual(before);
  });
});

describe('parseCardLimitation', () => {
  it.each([
    [5, 5],
    ['5', 5],
    [' 12 ', 12],
    [1, 1],
    [0, null],
    ['0', null],
    [-3, null],
    ['-3', null],
    [2.5, null],
    ['2.5', null],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%o reads as %o', (value, expected) => {
    expect(parseCardLimitation(value)).toBe(expected);
  });
});

describe('the card line of the plan cards — "Basic lists 1 unique card, or up to 10 cards for accounts not blocked. Pro lists 2 digital cards (unlimited when not blocked ...)"', () => {
  it.each([
    ['basic', true, '1 unique card'],
    ['basic', false, 'Up to 10 cards'],
    ['subscribed', true, '2 digital cards'],
    ['subscribed', false, 'Unlimited digital cards'],
    ['team', true, 'Up to 10 cards'],
  ] as const)('%s, blocked %s: %s', (plan, blocked, text) => {
    expect(cardAllowanceText(plan, blocked)).toBe(text);
  });

  it('names the chosen Teams size', () => {
    expect(cardAllowanceText('team', true, 50)).toBe('Up to 50 cards');
  });
});
