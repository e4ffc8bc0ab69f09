import type { BillingPeriod } from '@cardstack/shared/plans/prices';

/**
 * One billing period later. A month keeps the day of the month where it can and otherwise takes the
 * month's last day (31 January -> 29 February), as payment providers do.
 */
export function addBillingPeriod(from: Date, period: BillingPeriod): Date {
  const months = period === 'year' ? 12 : 1;
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

interface LocalSubscriptionClock {
  status: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  interval: BillingPeriod;
}

export type LocalClockChange =
  | { status: 'canceled'; endedAt: string }
  | { status: 'active'; currentPeriodEnd: string };

/**
 * What the payment provider would do when a local subscription's period ends: end it when it was cancelled
 * at period end, otherwise renew it (a trial turns into a paid period; no money moves). Null: nothing due.
 */
export function advanceLocalSubscription(subscription: LocalSubscriptionClock, now: Date): LocalClockChange | null {
  if (!['trialing', 'active', 'past_due'].includes(subscription.status)) return null;
  let periodEnd = new Date(subscription.currentPeriodEnd);
  if (periodEnd.getTime() > now.getTime()) return null;
  if (subscription.cancelAtPeriodEnd) return { status: 'canceled', endedAt: periodEnd.toISOString() };
  while (periodEnd.getTime() <= now.getTime()) periodEnd = addBillingPeriod(periodEnd, subscription.interval);
  return { status: 'active', currentPeriodEnd: periodEnd.toISOString() };
}
