import crypto from 'node:crypto';
import type { BillingStatus, CheckoutInput, SubscriptionSummary } from '@cardstack/shared/billing/schemas';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import {
  displayedSubscriptionPrice,
  findPriceSelection,
  isTeamTier,
  resolvePriceId,
  trialDays,
  type PriceSelection,
} from '@cardstack/shared/plans/prices';
import { cardAllowance, isAccountBlocked, parseCardLimitation, type PlanState } from '@cardstack/shared/plans/card-limits';
import {
  currentSubscription,
  planFromSubscriptions,
  planStateFromSubscriptions,
  subscriptionStatuses,
  type SubscriptionFacts,
  type SubscriptionStatus,
} from '@cardstack/shared/plans/subscription-state';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest, notFound, recordError } from '../../http/errors';
import { findAccountCreatedAt } from '../auth/auth-module';
import type { CardAllowanceService } from '../cards/cards-module';
import { advanceLocalSubscription } from './billing-clock';
import { currencyOf, currentPrices } from './billing-prices';
import * as repository from './billing-repository';
import { planOf } from './plan-of';
import type { SubscriptionRow } from './billing-repository';
import type { PaymentProvider, ProviderSubscription } from './payment-provider';
import { keyed } from '@cardstack/shared/i18n/keyed';

/**
 * What another module does when plans change (the plans module applies a downgrade's effects). Billing only
 * reports; the hooks run inside billing's transaction where one is open, so their records commit with it.
 */
export interface PlanChangeHooks {
  /** The person confirmed a downgrade to Basic that happens at the end of the paid period. */
  downgradeScheduled(
    executor: AnyConnection,
    change: { userId: string; email: string; from: UserPlan; to: UserPlan; effectiveAt: string; keptCards: number | null },
  ): Promise<void>;
  /** The user's plan was recomputed (changed or not), inside the transaction that stored it. */
  planSynced(executor: AnyConnection, change: { userId: string; previous: UserPlan; plan: UserPlan; isEndingAtPeriodEnd: boolean }): Promise<unknown>;
}

export interface BillingDeps {
  db: AnyConnection;
  provider: PaymentProvider;
  baseUrl: string;
  /** The billing clock; tests move it to a period's end. */
  now: () => Date;
  /** The business contact form for a quote (Teams with more than 250 cards); null when not configured. */
  enterpriseContactUrl?: string | null;
  /** BILLING_PROVIDER=none: nothing is sold, every account has every feature (billing-mode.ts). */
  isEveryFeatureIncluded?: boolean;
  /** The user's cards under their plan (GET /api/billing/card-access) and how many they have (the downgrade dialog). */
  cardAllowance: Pick<CardAllowanceService, 'cardCountOf' | 'ofOwner'>;
  /** Told about confirmed downgrades and every plan change (the downgrade effects). */
  planChanges?: PlanChangeHooks;
}

/** BILLING_PROVIDER=none: the plan every account holds when nothing is sold (billing-mode.ts). */
export const everyFeaturePlan: UserPlan = 'team';

/** Where the browser comes back to after the checkout and the payment portal. */
const checkoutReturnPaths = { success: '/subscription?checkout=success', canceled: '/subscription?checkout=canceled' };
export const portalReturnPath = '/settings/pricing-plans';

const noSubscription = () =>
  new AppError(400, 'no-subscription', keyed('noSubscription'));

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

function toSummary(row: SubscriptionRow, currency: string): SubscriptionSummary {
  return {
    plan: row.plan === 'team' ? 'team' : 'subscribed',
    period: row.interval === 'year' ? 'year' : 'month',
    size: row.team_tier,
    status: toStatus(row.status),
    quantity: row.quantity,
    unitAmount: row.unit_amount,
    currency,
    displayedPrice: displayedSubscriptionPrice(row.unit_amount, row.quantity, currency),
    createdAt: row.created,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  };
}

/**
 * What the card allowance follows: the current subscription (or the last one that ended) and the account's
 * date, read from the subscriptions at `now`; null when the account is gone.
 */
export async function planStateOf(db: AnyConnection, userId: string, now: Date): Promise<PlanState | null> {
  const accountCreatedAt = await findAccountCreatedAt(db, userId);
  if (!accountCreatedAt) return null;
  const subscriptions = (await repository.listUserSubscriptions(db, userId)).map(toFacts);
  return planStateFromSubscriptions(accountCreatedAt, subscriptions, now);
}

/** "The user's plan follows the subscription's state": recomputes it from the records and stores it. */
export async function syncUserPlan(db: AnyConnection, userId: string, now: Date, hooks?: PlanChangeHooks): Promise<UserPlan> {
  const previous = await planOf(db, userId);
  const subscriptions = (await repository.listUserSubscriptions(db, userId)).map(toFacts);
  const plan = planFromSubscriptions(subscriptions, now);
  await repository.updateUserPlan(db, userId, plan, now);
  const isEndingAtPeriodEnd = currentSubscription(subscriptions, now)?.cancelAtPeriodEnd === true;
  await hooks?.planSynced(db, { userId, previous, plan, isEndingAtPeriodEnd });
  return plan;
}

/**
 * Periods that ended: local subscriptions renew or end (the local provider has no clock of its own), and
 * every user whose subscription was cancelled at a period end now past gets the plan that follows.
 */
export async function runBillingClock(deps: BillingDeps, userId?: string): Promise<number> {
  // Without billing every account keeps the top plan; old subscription records must not change it.
  if (deps.isEveryFeatureIncluded) return 0;
  const now = deps.now();
  const due = await repository.findDueSubscriptions(deps.db, now, userId);
  const users = new Set<string>();
  for (const subscription of due) {
    if (subscription.provider !== 'local' && subscription.cancel_at_period_end !== 1) continue;
    users.add(subscription.user_id);
    // The subscription's end and the plan that follows (with what a downgrade does then) commit together: a
    // crash in between would leave an ended subscription the clock no longer finds and a plan never changed.
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
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
        if (change) await repository.applyClockChange(trx, subscription.id, change, now);
      }
      await syncUserPlan(trx, subscription.user_id, now, deps.planChanges);
    });
  }
  return users.size;
}

export async function getBillingStatus(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  await runBillingClock(deps, userId);
  const now = deps.now();
  const rows = await repository.listUserSubscriptions(deps.db, userId);
  const facts = rows.map(toFacts);
  const current = currentSubscription(facts, now);
  const accountCreatedAt = await findAccountCreatedAt(deps.db, userId);
  if (!accountCreatedAt) throw notFound(keyed('accountGone'));
  const state = planStateFromSubscriptions(accountCreatedAt, facts, now);
  const cardCount = await deps.cardAllowance.cardCountOf(userId);
  // What each lower plan would allow: a downgrade to Basic dates the pricing model by the subscription that
  // ends; a move to Pro buys a new subscription, dated today.
  const allowanceAfter = (plan: 'basic' | 'subscribed') =>
    cardAllowance({
      plan,
      accountCreatedAt,
      subscriptionCreatedAt: plan === 'basic' ? (current?.createdAt ?? state.subscriptionCreatedAt) : now.toISOString(),
    }).maxActiveCards;
  // Null when every card stays active after the move, so the downgrade dialog can leave the card line out.
  const cardsKept = (allowance: number | null) => (allowance === null || allowance > cardCount ? null : allowance);
  return {
    plan: deps.isEveryFeatureIncluded ? everyFeaturePlan : planFromSubscriptions(facts, now),
    subscription: current ? toSummary(current.row, current.row.currency ?? currencyOf(current.row, (await currentPrices(deps)).prices, deps)) : null,
    isTrialAvailable: rows.length === 0,
    provider: deps.isEveryFeatureIncluded ? 'none' : deps.provider.kind,
    isAccountBlocked: isAccountBlocked(state),
    cardCount,
    cardsKeptAfterDowngrade: { basic: cardsKept(allowanceAfter('basic')), subscribed: cardsKept(allowanceAfter('subscribed')) },
    enterpriseContactUrl: deps.enterpriseContactUrl ?? null,
  };
}

/**
 * The provider customer of a user: the stored one, else the one an earlier subscription used (records from
 * before customers were stored), else a new one. Created once per user.
 */
async function ensureCustomer(deps: BillingDeps, user: { id: string; email: string; name: string }): Promise<string> {
  const kind = deps.provider.kind;
  const stored = await repository.findCustomer(deps.db, user.id, kind);
  if (stored) return stored;
  const earlier = (await repository.listUserSubscriptions(deps.db, user.id)).find((row) => row.provider === kind);
  const customerId = earlier?.customer_id ?? (await deps.provider.createCustomer({ userId: user.id, email: user.email, name: user.name }));
  await repository.storeCustomer(deps.db, { user_id: user.id, provider: kind, customer_id: customerId, created_at: deps.now().toISOString() });
  return (await repository.findCustomer(deps.db, user.id, kind)) ?? customerId;
}

function toSelection(input: CheckoutInput): PriceSelection {
  if (input.plan === 'subscribed') return { plan: 'subscribed', period: input.period };
  if (!isTeamTier(input.size)) {
    throw badRequest(keyed('quoteNeeded'), { size: keyed('quoteNeededSize') });
  }
  return { plan: 'team', period: input.period, tier: input.size };
}

/** Starts a checkout for the chosen plan; the browser opens the returned URL. */
export async function startCheckout(
  deps: BillingDeps,
  user: { id: string; email: string; name: string },
  input: CheckoutInput,
): Promise<{ url: string }> {
  const selection = toSelection(input);
  const priceId = resolvePriceId(deps.provider.priceIds, selection);
  const now = deps.now();
  const rows = await repository.listUserSubscriptions(deps.db, user.id);
  const current = currentSubscription(rows.map(toFacts), now);
  if (current && current.row.price_id === priceId && !current.cancelAtPeriodEnd) {
    throw badRequest(keyed('alreadyYourPlan'));
  }
  // One free trial per customer: a returning subscriber pays from the first day.
  const trial = rows.length === 0 ? trialDays[selection.plan] : 0;
  const customerId = await ensureCustomer(deps, user);
  const session = await deps.provider.createCheckout({
    userId: user.id,
    email: user.email,
    customerId,
    priceId,
    quantity: 1,
    trialDays: trial,
    successUrl: `${deps.baseUrl}${checkoutReturnPaths.success}`,
    cancelUrl: `${deps.baseUrl}${checkoutReturnPaths.canceled}`,
    idempotencyKey: crypto.randomUUID(),
    replacesSubscriptionId: current && current.row.provider === deps.provider.kind ? current.row.provider_subscription_id : null,
  });
  return { url: session.url };
}

export async function openPaymentPortal(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  const kind = deps.provider.kind;
  const latest = (await repository.listUserSubscriptions(deps.db, userId)).find((row) => row.provider === kind);
  if (!latest) throw noSubscription();
  const url = await deps.provider.createPortalLink({
    customerId: (await repository.findCustomer(deps.db, userId, kind)) ?? latest.customer_id,
    returnUrl: `${deps.baseUrl}${portalReturnPath}`,
  });
  if (!url) throw new AppError(502, 'no-portal-url', keyed('noPortalUrl'));
  return { url };
}

/**
 * "Downgrade to Basic cancels at the end of the billing period": the plan stays until then. The downgrade the
 * dialog showed is recorded with that date (and mailed) in the same transaction.
 */
export async function cancelSubscriptionAtPeriodEnd(deps: BillingDeps, user: { id: string; email: string }): Promise<BillingStatus> {
  const now = deps.now();
  const current = currentSubscription((await repository.listUserSubscriptions(deps.db, user.id)).map(toFacts), now);
  if (!current) throw noSubscription();
  if (!current.cancelAtPeriodEnd) {
    if (current.row.provider !== deps.provider.kind) {
      throw new AppError(409, 'other-provider', keyed('otherProvider'));
    }
    const before = await getBillingStatus(deps, user.id);
    await deps.provider.cancelAtPeriodEnd(current.row.provider_subscription_id);
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      await repository.markCancelAtPeriodEnd(trx, current.row.id, now);
      await deps.planChanges?.downgradeScheduled(trx, {
        userId: user.id,
        email: user.email,
        from: before.plan,
        to: 'basic',
        effectiveAt: current.row.current_period_end,
        keptCards: before.cardsKeptAfterDowngrade.basic,
      });
    });
  }
  return getBillingStatus(deps, user.id);
}

/**
 * Account deletion: every subscription still in force ends now, at the provider too, so nothing more is
 * charged. Runs before the account's rows go (they cascade with the user).
 */
export async function cancelSubscriptionsOfUser(deps: BillingDeps, userId: string): Promise<void> {
  const now = deps.now();
  const rows = await repository.listUserSubscriptions(deps.db, userId);
  // Not only those giving a plan: an unpaid or past-due subscription still sends invoices.
  const open = rows.filter((row) => row.status !== 'canceled' && row.status !== 'incomplete_expired');
  for (const row of open) {
    if (row.provider === deps.provider.kind) {
      try {
        await deps.provider.cancelNow(row.provider_subscription_id);
      } catch (error) {
        // The account stays: deleting it while the provider keeps charging would leave nobody to stop it.
        await recordError(deps.db, 'cancelling a subscription for an account deletion failed', {
          subscription: row.provider_subscription_id,
          error: error instanceof Error ? error.message : String(error),
        });
        throw new AppError(502, 'subscription-cancel-failed', keyed('subscriptionCancelFailed'));
      }
    } else if (row.provider !== 'local' && row.provider !== 'operator') {
      // Payments moved to another provider since: this server can no longer reach the one that charges.
      await recordError(deps.db, 'a deleted account kept a subscription whose provider is not configured', {
        provider: row.provider,
        subscription: row.provider_subscription_id,
        user: userId,
      });
    }
    await repository.markSubscriptionEnded(deps.db, row.id, now);
  }
}

/** A provider's report that changed nothing still answers 200: sending it again cannot help. */
type SubscriptionReportOutcome =
  | { outcome: 'recorded'; userId: string; plan: UserPlan; replaced: string[] }
  | { outcome: 'ignored'; reason: 'unknown-user' | 'unknown-price'; replaced: []; isOrphan?: boolean };

/**
 * Writes the provider's current state of a subscription and lets the user's plan follow. The caller reads the
 * state from the provider when it handles the event, so events delivered late or out of order cannot roll it
 * back. When the subscription is in force and replaces an older one (a plan, size or period change through a
 * new checkout), the older one ends now; `replaced` lists those to end at the provider as well.
 */
export async function recordProviderSubscription(
  deps: BillingDeps,
  db: AnyConnection,
  report: ProviderSubscription,
): Promise<SubscriptionReportOutcome> {
  const provider = deps.provider.kind;
  const now = deps.now();
  const known = await repository.findSubscriptionByProviderId(db, provider, report.providerSubscriptionId);
  let userId = known?.user_id ?? (await repository.findUserIdByCustomer(db, provider, report.customerId));
  if (!userId && report.userIdHint && (await repository.userExists(db, report.userIdHint))) userId = report.userIdHint;
  // Bought through our checkout by an account deleted since (a checkout left open in another tab): it must
  // not go on charging. A subscription made outside the app (no user id in its metadata) is left alone.
  if (!userId) return { outcome: 'ignored', reason: 'unknown-user', replaced: [], isOrphan: Boolean(report.userIdHint) };
  const selection = findPriceSelection(deps.provider.priceIds, report.priceId);
  if (!selection) return { outcome: 'ignored', reason: 'unknown-price', replaced: [] };

  const status = toStatus(report.status);
  await repository.upsertSubscription(db, {
    id: known?.id ?? crypto.randomUUID(),
    user_id: userId,
    provider,
    provider_subscription_id: report.providerSubscriptionId,
    customer_id: report.customerId,
    status,
    plan: selection.plan,
    team_tier: selection.plan === 'team' ? selection.tier : null,
    created: report.created,
    current_period_end: report.currentPeriodEnd,
    trial_end: report.trialEnd,
    ended_at: report.endedAt,
    price_id: report.priceId,
    unit_amount: report.unitAmount,
    currency: report.currency,
    interval: report.interval === 'year' ? 'year' : 'month',
    quantity: report.quantity,
    card_limitation: parseCardLimitation(report.cardLimitation),
    cancel_at_period_end: report.cancelAtPeriodEnd ? 1 : 0,
    updated_at: now.toISOString(),
  });

  const replaced: string[] = [];
  if (report.replacesSubscriptionId && (status === 'trialing' || status === 'active')) {
    const older = await repository.findSubscriptionByProviderId(db, provider, report.replacesSubscriptionId);
    if (older && older.user_id === userId && (repository.grantingStatuses as readonly string[]).includes(older.status)) {
      await repository.markSubscriptionEnded(db, older.id, now);
      replaced.push(older.provider_subscription_id);
    }
  }
  const plan = await syncUserPlan(db, userId, now, deps.planChanges);
  return { outcome: 'recorded', userId, plan, replaced };
}
