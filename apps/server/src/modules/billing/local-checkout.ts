import crypto from 'node:crypto';
import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { planTitles } from '@cardstack/shared/plans/plans';
import { builtInPriceList, findPriceSelection, priceCents, type BillingPeriod } from '@cardstack/shared/plans/prices';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { addBillingPeriod, addDays } from './billing-clock';
import * as repository from './billing-repository';
import { getBillingStatus, syncUserPlan, type BillingDeps } from './billing-service';
import { newLocalSubscriptionId } from './local-provider';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * The local payment provider's test checkout and portal: what the built-in provider does in place of a
 * provider's hosted pages. No money moves; completing a checkout writes the subscription as a provider's
 * webhook would. The provider-agnostic billing core is billing-service.ts.
 */

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
  if (!checkout || checkout.user_id !== userId) throw notFound(keyed('testCheckoutMissing'));
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
    throw new AppError(409, 'checkout-closed', keyed('testCheckoutDone', { status: checkout.status === 'completed' ? 'completed' : 'cancelled' }));
  }
  if (Date.parse(checkout.expires_at) <= now.getTime()) {
    throw new AppError(410, 'checkout-expired', keyed('testCheckoutExpired'));
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
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    if (!(await repository.closeLocalCheckout(trx, checkout.id, 'completed', now))) {
      throw new AppError(409, 'checkout-closed', keyed('testCheckoutClosed'));
    }
    await repository.endBoughtSubscriptionsInForce(trx, userId, now);
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
      currency: builtInPriceList.subscribed.month.currency,
      interval: selection.period,
      quantity: checkout.quantity,
      card_limitation: null,
      cancel_at_period_end: 0,
      updated_at: now.toISOString(),
    });
    await syncUserPlan(trx, userId, now, deps.planChanges);
  });
  return checkout.success_url;
}

export async function cancelLocalCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<string> {
  const { checkout } = await readOwnLocalCheckout(deps, userId, sessionId);
  const now = deps.now();
  assertOpen(checkout, now);
  if (!(await repository.closeLocalCheckout(deps.db, checkout.id, 'canceled', now))) {
    throw new AppError(409, 'checkout-closed', keyed('testCheckoutClosed'));
  }
  return checkout.cancel_url;
}

/** What the local payment portal shows: the current subscription, if any. */
export async function getLocalPortal(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  return getBillingStatus(deps, userId);
}

