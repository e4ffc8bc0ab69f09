import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BillingStatus, CheckoutInput, SubscriptionSummary } from '@cardstack/shared/billing/schemas';
import { planTitles, type UserPlan } from '@cardstack/shared/plans/plans';
import {
  displayedSubscriptionPrice,
  findPriceSelection,
  isTeamTier,
  priceCents,
  resolvePriceId,
  trialDays,
  type BillingPeriod,
  type PriceSelection,
} from '@cardstack/shared/plans/prices';
import {
  currentSubscription,
  planFromSubscriptions,
  subscriptionStatuses,
  type SubscriptionFacts,
  type SubscriptionStatus,
} from '@cardstack/shared/plans/subscription-state';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { addBillingPeriod, addDays, advanceLocalSubscription } from './billing-clock';
import * as repository from './billing-repository';
import type { SubscriptionRow } from './billing-repository';
import { newLocalSubscriptionId } from './local-provider';
import type { PaymentProvider } from './payment-provider';

export interface BillingDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  baseUrl: string;
  /** The billing clock; tests move it to a period's end. */
  now: () => Date;
}

/** Where the browser comes back to after the checkout and the payment portal. */
export const checkoutReturnPaths = { success: '/subscription?checkout=success', canceled: '/subscription?checkout=canceled' };
export const portalReturnPath = '/settings/pricing-plans';

const noSubscription = () =>
  new AppError(400, 'no-subscription', 'You have no paid plan yet. Choose a plan first.');

function toStatus(value: string): SubscriptionStatus {
  // An unknown status gives no access until the provider reports one we know.
  return (subscriptionStatuses as readonly string[]).includes(value) ? (value as SubscriptionStatus) : 'incomplete';
}

function toFacts(row: SubscriptionRow): SubscriptionFacts & { row: SubscriptionRow } {
  return {
    row,
    plan: row.plan === 'team' ? 'team' : 'subscribed',
    teamTier: isTeamTier(row.team_tier) ? row.team_tier : null,
    status: toStatus(row.status),
    createdAt: row.created,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    cardLimitation: row.card_limitation,
  };
}

function toSummary(row: SubscriptionRow): SubscriptionSummary {
  return {
    plan: row.plan === 'team' ? 'team' : 'subscribed',
    period: row.interval === 'year' ? 'year' : 'month',
    size: row.team_tier,
    status: toStatus(row.status),
    quantity: row.quantity,
    unitAmount: row.unit_amount,
    displayedPrice: displayedSubscriptionPrice(row.unit_amount, row.quantity),
    createdAt: row.created,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  };
}

/** "The user's plan follows the subscription's state": recomputes it from the records and stores it. */
export async function syncUserPlan(db: Kysely<Database>, userId: string, now: Date): Promise<UserPlan> {
  const subscriptions = (await repository.listUserSubscriptions(db, userId)).map(toFacts);
  const plan = planFromSubscriptions(subscriptions, now);
  await repository.updateUserPlan(db, userId, plan, now);
  return plan;
}

/**
 * Periods that ended: local subscriptions renew or end (the local provider has no clock of its own), and
 * every user whose subscription was cancelled at a period end now past gets the plan that follows.
 */
export async function runBillingClock(deps: BillingDeps, userId?: string): Promise<number> {
  const now = deps.now();
  const due = await repository.findDueSubscriptions(deps.db, now, userId);
  const users = new Set<string>();
  for (const subscription of due) {
    if (subscription.provider === 'local') {
      const change = advanceLocalSubscription(
        {
          status: subscription.status,
          currentPeriodEnd: subscription.current_period_end,
          cancelAtPeriodEnd: subscription.cancel_at_period_end === 1,
          interval: subscription.interval === 'year' ? 'year' : 'month',
        },
        now,
      );
      if (change) await repository.applyClockChange(deps.db, subscription.id, change, now);
    }
    if (subscription.provider === 'local' || subscription.cancel_at_period_end === 1) users.add(subscription.user_id);
  }
  for (const user of users) await syncUserPlan(deps.db, user, now);
  return users.size;
}

export async function getBillingStatus(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  await runBillingClock(deps, userId);
  const now = deps.now();
  const rows = await repository.listUserSubscriptions(deps.db, userId);
  const facts = rows.map(toFacts);
  const current = currentSubscription(facts, now);
  return {
    plan: planFromSubscriptions(facts, now),
    subscription: current ? toSummary(current.row) : null,
    isTrialAvailable: rows.length === 0,
    provider: deps.provider.kind,
  };
}

function toSelection(input: CheckoutInput): PriceSelection {
  if (input.plan === 'subscribed') return { plan: 'subscribed', period: input.period };
  if (!isTeamTier(input.size)) {
    throw badRequest('Teams with more than 250 cards need a quote: choose Get a quote.', {
      size: 'Teams with more than 250 cards need a quote.',
    });
  }
  return { plan: 'team', period: input.period, tier: input.size };
}

/** Starts a checkout for the chosen plan; the browser opens the returned URL. */
export async function startCheckout(
  deps: BillingDeps,
  user: { id: string; email: string },
  input: CheckoutInput,
): Promise<{ url: string }> {
  const selection = toSelection(input);
  const priceId = resolvePriceId(deps.provider.priceIds, selection);
  const now = deps.now();
  const rows = await repository.listUserSubscriptions(deps.db, user.id);
  const current = currentSubscription(rows.map(toFacts), now);
  if (current && current.row.price_id === priceId && !current.cancelAtPeriodEnd) {
    throw badRequest('This is already your plan.');
  }
  // One free trial per customer: a returning subscriber pays from the first day.
  const trial = rows.length === 0 ? trialDays[selection.plan] : 0;
  const session = await deps.provider.createCheckout({
    userId: user.id,
    email: user.email,
    customerId: rows[0]?.customer_id ?? null,
    priceId,
    quantity: 1,
    trialDays: trial,
    successUrl: `${deps.baseUrl}${checkoutReturnPaths.success}`,
    cancelUrl: `${deps.baseUrl}${checkoutReturnPaths.canceled}`,
    idempotencyKey: crypto.randomUUID(),
  });
  return { url: session.url };
}

export async function openPaymentPortal(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  const [latest] = await repository.listUserSubscriptions(deps.db, userId);
  if (!latest) throw noSubscription();
  const url = await deps.provider.createPortalLink({
    customerId: latest.customer_id,
    returnUrl: `${deps.baseUrl}${portalReturnPath}`,
  });
  if (!url) throw new AppError(502, 'no-portal-url', 'No url returned');
  return { url };
}

/** "Downgrade to Basic cancels at the end of the billing period": the plan stays until then. */
export async function cancelSubscriptionAtPeriodEnd(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  const now = deps.now();
  const current = currentSubscription((await repository.listUserSubscriptions(deps.db, userId)).map(toFacts), now);
  if (!current) throw noSubscription();
  if (!current.cancelAtPeriodEnd) {
    if (current.row.provider !== deps.provider.kind) {
      throw new AppError(409, 'other-provider', 'This subscription is managed by another payment provider.');
    }
    await deps.provider.cancelAtPeriodEnd(current.row.provider_subscription_id);
    await repository.markCancelAtPeriodEnd(deps.db, current.row.id, now);
  }
  return getBillingStatus(deps, userId);
}

export interface LocalCheckoutView {
  id: string;
  status: 'open' | 'completed' | 'canceled' | 'expired';
  planTitle: string;
  period: BillingPeriod;
  size: number | null;
  amountCents: number;
  trialDays: number;
  /** When the trial would end if completed now. */
  trialEnd: string | null;
}

async function readOwnLocalCheckout(deps: BillingDeps, userId: string, sessionId: string) {
  const checkout = await repository.readLocalCheckout(deps.db, sessionId);
  // Someone else's checkout is answered as if it did not exist.
  if (!checkout || checkout.user_id !== userId) throw notFound('This test checkout does not exist.');
  const selection = findPriceSelection(deps.provider.priceIds, checkout.price_id);
  if (!selection) throw new Error(`local checkout ${checkout.id} has an unknown price ${checkout.price_id}`);
  return { checkout, selection };
}

export async function getLocalCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<LocalCheckoutView> {
  const { checkout, selection } = await readOwnLocalCheckout(deps, userId, sessionId);
  const now = deps.now();
  const isExpired = checkout.status === 'open' && Date.parse(checkout.expires_at) <= now.getTime();
  return {
    id: checkout.id,
    status: isExpired ? 'expired' : checkout.status,
    planTitle: planTitles[selection.plan],
    period: selection.period,
    size: selection.plan === 'team' ? selection.tier : null,
    amountCents: priceCents(selection) * checkout.quantity,
    trialDays: checkout.trial_days,
    trialEnd: checkout.trial_days > 0 ? addDays(now, checkout.trial_days).toISOString() : null,
  };
}

function assertOpen(checkout: { status: string; expires_at: string }, now: Date): void {
  if (checkout.status !== 'open') {
    throw new AppError(409, 'checkout-closed', `This test checkout was already ${checkout.status === 'completed' ? 'completed' : 'cancelled'}.`);
  }
  if (Date.parse(checkout.expires_at) <= now.getTime()) {
    throw new AppError(410, 'checkout-expired', 'This test checkout has expired. Choose your plan again.');
  }
}

/**
 * The person completed the local test checkout: the subscription starts (with its free trial when one was
 * offered), replaces any subscription in force, and the user's plan follows. Returns where to go next.
 */
export async function completeLocalCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<string> {
  const { checkout, selection } = await readOwnLocalCheckout(deps, userId, sessionId);
  const now = deps.now();
  assertOpen(checkout, now);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repository.closeLocalCheckout(trx, checkout.id, 'completed', now))) {
      throw new AppError(409, 'checkout-closed', 'This test checkout was already completed or cancelled.');
    }
    await repository.endSubscriptionsInForce(trx, userId, now);
    const trialEnd = checkout.trial_days > 0 ? addDays(now, checkout.trial_days) : null;
    await repository.insertSubscription(trx, {
      id: crypto.randomUUID(),
      user_id: userId,
      provider: 'local',
      provider_subscription_id: newLocalSubscriptionId(),
      customer_id: checkout.customer_id,
      status: trialEnd ? 'trialing' : 'active',
      plan: selection.plan,
      team_tier: selection.plan === 'team' ? selection.tier : null,
      created: now.toISOString(),
      current_period_end: (trialEnd ?? addBillingPeriod(now, selection.period)).toISOString(),
      trial_end: trialEnd?.toISOString() ?? null,
      ended_at: null,
      price_id: checkout.price_id,
      unit_amount: priceCents(selection),
      interval: selection.period,
      quantity: checkout.quantity,
      card_limitation: null,
      cancel_at_period_end: 0,
      updated_at: now.toISOString(),
    });
    await syncUserPlan(trx, userId, now);
  });
  return checkout.success_url;
}

export async function cancelLocalCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<string> {
  const { checkout } = await readOwnLocalCheckout(deps, userId, sessionId);
  const now = deps.now();
  assertOpen(checkout, now);
  if (!(await repository.closeLocalCheckout(deps.db, checkout.id, 'canceled', now))) {
    throw new AppError(409, 'checkout-closed', 'This test checkout was already completed or cancelled.');
  }
  return checkout.cancel_url;
}

/** What the local payment portal shows: the current subscription, if any. */
export async function getLocalPortal(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  return getBillingStatus(deps, userId);
}
