import type { PlanState } from './card-limits';
import { comparePlans, type PaidPlan, type UserPlan } from './plans';
import type { TeamTier } from './prices';

/** The payment provider's subscription statuses (Stripe's; the local provider uses the same words). */
export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * Statuses that give the plan's features. `past_due` keeps them while the provider retries the payment;
 * the provider moves the subscription to `canceled` or `unpaid` when it gives up.
 */
const grantingStatuses: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export interface SubscriptionFacts {
  plan: PaidPlan;
  teamTier: TeamTier | null;
  status: SubscriptionStatus;
  createdAt: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  cardLimitation: number | null;
}

/**
 * Whether a subscription gives its plan now. One cancelled at period end stops at that moment even before
 * the provider says so ("Downgrade to Basic cancels at the end of the billing period").
 */
export function isSubscriptionInForce(subscription: SubscriptionFacts, now: Date): boolean {
  if (!grantingStatuses.includes(subscription.status)) return false;
  return !(subscription.cancelAtPeriodEnd && Date.parse(subscription.currentPeriodEnd) <= now.getTime());
}

/** The subscription that decides the plan: the highest plan in force, the newest among equals. */
export function currentSubscription<T extends SubscriptionFacts>(subscriptions: readonly T[], now: Date): T | null {
  const inForce = subscriptions.filter((subscription) => isSubscriptionInForce(subscription, now));
  inForce.sort((a, b) => comparePlans(b.plan, a.plan) || Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return inForce[0] ?? null;
}

/** The user's plan follows the subscription state: the current subscription's plan, else basic. */
export function planFromSubscriptions(subscriptions: readonly SubscriptionFacts[], now: Date): UserPlan {
  return currentSubscription(subscriptions, now)?.plan ?? 'basic';
}

/**
 * The input of the card-limit rules: the current subscription when there is one, otherwise the last
 * subscription that ended ("the account (or its last cancelled subscription)").
 */
export function planStateFromSubscriptions(
  accountCreatedAt: Date | string,
  subscriptions: readonly SubscriptionFacts[],
  now: Date,
): PlanState {
  const current = currentSubscription(subscriptions, now);
  if (current) {
    return {
      plan: current.plan,
      accountCreatedAt,
      subscriptionCreatedAt: current.createdAt,
      cardLimitation: current.cardLimitation,
      teamTier: current.teamTier,
    };
  }
  const lastEnded = [...subscriptions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return { plan: 'basic', accountCreatedAt, subscriptionCreatedAt: lastEnded?.createdAt ?? null };
}
