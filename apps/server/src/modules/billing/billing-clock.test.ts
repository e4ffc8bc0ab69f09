import { describe, expect, it } from 'vitest';
import { addBillingPeriod, advanceLocalSubscription } from './billing-clock';

describe('addBillingPeriod', () => {
  it.each([
    ['2024-10-15T10:00:00.000Z', 'month', '2024-11-15T10:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', 'month', '2024-02-29T10:00:00.000Z'],
    ['2023-01-31T10:00:00.000Z', 'month', '2023-02-28T10:00:00.000Z'],
    ['2024-12-31T10:00:00.000Z', 'month', '2025-01-31T10:00:00.000Z'],
    ['2024-02-29T10:00:00.000Z', 'year', '2025-02-28T10:00:00.000Z'],
    ['2024-09-11T00:00:00.000Z', 'year', '2025-09-11T00:00:00.000Z'],
  ] as const)('%s + one %s = %s', (from, period, expected) => {
    expect(addBillingPeriod(new Date(from), period).toISOString()).toBe(expected);
  });
});

describe('advanceLocalSubscription', () => {
  const base = { status: 'trialing', currentPeriodEnd: '2024-10-22T10:00:00.000Z', cancelAtPeriodEnd: false, interval: 'month' as const };

  it('does nothing before the period ends', () => {
    expect(advanceLocalSubscription(base, new Date('2024-10-22T09:59:59.999Z'))).toBeNull();
  });

  it('renews at the period end: the trial becomes a paid period', () => {
    expect(advanceLocalSubscription(base, new Date('2024-10-22T10:00:00.000Z'))).toEqual({
      status: 'active',
      currentPeriodEnd: '2024-11-22T10:00:00.000Z',
    });
  });

  it('catches up several missed periods at once', () => {
    expect(advanceLocalSubscription(base, new Date('2025-01-01T00:00:00.000Z'))).toEqual({
      status: 'active',
      currentPeriodEnd: '2025-01-22T10:00:00.000Z',
    });
  });

  it('ends a subscription cancelled at period end, dated at the period end', () => {
    expect(advanceLocalSubscription({ ...base, cancelAtPeriodEnd: true }, new Date('2024-12-01T00:00:00.000Z'))).toEqual({
      status: 'canceled',
      endedAt: '2024-10-22T10:00:00.000Z',
    });
  });

  it('leaves ended subscriptions alone', () => {
    expect(advanceLocalSubscription({ ...base, status: 'canceled' }, new Date('2025-01-01T00:00:00.000Z'))).toBeNull();
  });
});
