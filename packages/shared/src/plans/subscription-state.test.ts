import { describe, expect, it } from 'vitest';
import {
  currentSubscription,
  isSubscriptionInForce,
  planFromSubscriptions,
  planStateFromSubscriptions,
  type SubscriptionFacts,
} from './subscription-state';

const now = new Date('2024-10-15T12:00:00Z');

function subscription(overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    plan: 'subscribed',
    teamTier: null,
    status: 'active',
    createdAt: '2024-10-01T00:00:00Z',
    currentPeriodEnd: '2024-11-01T00:00:00Z',
    cancelAtPeriodEnd: false,
    cardLimitation: null,
    ...overrides,
  };
}

describe('the user\'s plan follows the subscription state', () => {
  it.each([
    ['trialing', true],
    ['active', true],
    ['past_due', true],
    ['canceled', false],
    ['unpaid', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['paused', false],
  ] as const)('status %s gives the plan: %s', (status, expected) => {
    expect(isSubscriptionInForce(subscription({ status }), now)).toBe(expected);
    expect(planFromSubscriptions([subscription({ status })], now)).toBe(expected ? 'subscribed' : 'basic');
  });

  // "Downgrade to Basic cancels at the end of the billing period."
  it.each([
    ['2024-10-15T12:00:01Z', true],
    ['2024-10-15T12:00:00Z', false],
    ['2024-10-14T00:00:00Z', false],
  ])('cancelled at a period end of %s: still in force %s', (currentPeriodEnd, expected) => {
    expect(isSubscriptionInForce(subscription({ cancelAtPeriodEnd: true, currentPeriodEnd }), now)).toBe(expected);
  });

  it('a passed period end without a cancellation keeps the plan (the provider renews or reports the failure)', () => {
    expect(isSubscriptionInForce(subscription({ currentPeriodEnd: '2024-10-01T00:00:00Z' }), now)).toBe(true);
  });

  it('picks the highest plan in force, then the newest', () => {
    const pro = subscription({ createdAt: '2024-10-10T00:00:00Z' });
    const team = subscription({ plan: 'team', teamTier: 25, createdAt: '2024-10-02T00:00:00Z' });
    const endedTeam = subscription({ plan: 'team', status: 'canceled', createdAt: '2024-10-12T00:00:00Z' });
    expect(currentSubscription([pro, team, endedTeam], now)).toBe(team);
    expect(planFromSubscriptions([pro, team, endedTeam], now)).toBe('team');
    const newerPro = subscription({ createdAt: '2024-10-11T00:00:00Z' });
    expect(currentSubscription([pro, newerPro], now)).toBe(newerPro);
    expect(planFromSubscriptions([], now)).toBe('basic');
  });
});

describe('planStateFromSubscriptions — the card-limit input', () => {
  it('uses the current subscription, its size and card_limitation', () => {
    const team = subscription({ plan: 'team', teamTier: 50, cardLimitation: 60, createdAt: '2024-09-20T00:00:00Z' });
    expect(planStateFromSubscriptions('2023-01-01', [team], now)).toEqual({
      plan: 'team',
      accountCreatedAt: '2023-01-01',
      subscriptionCreatedAt: '2024-09-20T00:00:00Z',
      cardLimitation: 60,
      teamTier: 50,
    });
  });

  it('on Basic uses the last subscription that ended ("its last cancelled subscription")', () => {
    const older = subscription({ status: 'canceled', createdAt: '2024-06-01T00:00:00Z' });
    const last = subscription({ status: 'canceled', createdAt: '2024-09-12T00:00:00Z' });
    expect(planStateFromSubscriptions('2023-01-01', [last, older], now)).toEqual({
      plan: 'basic',
      accountCreatedAt: '2023-01-01',
      subscriptionCreatedAt: '2024-09-12T00:00:00Z',
    });
    expect(planStateFromSubscriptions('2023-01-01', [], now)).toEqual({
      plan: 'basic',
      accountCreatedAt: '2023-01-01',
      subscriptionCreatedAt: null,
    });
  });
});
