import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { allPriceSelections, builtInPriceList, priceIdConfigFrom, priceIn, type Price, type PriceIdConfig, type PriceSelection } from '@cardstack/shared/plans/prices';
import type { AnyConnection } from '../../db/schema';
import type { BillingTables } from './billing-tables';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './payment-provider';

/** A local test checkout can be completed for this long after it was started. */
const localCheckoutLifetimeMs = 24 * 60 * 60_000;

export const localCheckoutPath = (sessionId: string) => `/billing/local-checkout/${encodeURIComponent(sessionId)}`;
export const localPortalPath = '/billing/local-portal';

function localPriceId(selection: PriceSelection): string {
  return selection.plan === 'subscribed'
    ? `local_pro_${selection.period}`
    : `local_teams_${selection.tier}_${selection.period}`;
}

/** The local provider's own price ids: readable names, one per plan, period and Teams size. */
function localPriceIds(): PriceIdConfig {
  return priceIdConfigFrom(localPriceId);
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;
}

/**
 * The built-in provider: its checkout is a plain page of this server that says no money moves and lets the
 * person complete or cancel (billing-routes.ts). Completing writes the subscription, as a provider's webhook
 * would. Its subscriptions live only in our billing_subscription table, so there is no remote state to
 * change when one is cancelled at period end; the billing clock ends it when the period is over.
 */
export function createLocalPaymentProvider(options: { db: AnyConnection; baseUrl: string; now: () => Date }): PaymentProvider {
  const deps: { db: Kysely<BillingTables>; baseUrl: string; now: () => Date } = options;
  const priceIds = localPriceIds();
  return {
    kind: 'local',
    priceIds,
    async listPrices(ids) {
      // The built-in prices: what the test checkout charges.
      const known = new Map<string, Price>(allPriceSelections().map((selection) => [localPriceId(selection), priceIn(builtInPriceList, selection)]));
      return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
    },
    async createCustomer() {
      return randomId('lcus');
    },
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const id = randomId('lcs');
      const now = deps.now();
      await deps.db
        .insertInto('billing_local_checkout')
        .values({
          id,
          user_id: request.userId,
          customer_id: request.customerId,
          price_id: request.priceId,
          quantity: request.quantity,
          trial_days: request.trialDays,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          status: 'open',
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + localCheckoutLifetimeMs).toISOString(),
          completed_at: null,
        })
        .execute();
      return { id, url: `${deps.baseUrl}${localCheckoutPath(id)}` };
    },
    async createPortalLink({ returnUrl }) {
      return `${deps.baseUrl}${localPortalPath}?return=${encodeURIComponent(returnUrl)}`;
    },
    async cancelAtPeriodEnd() {
      // Nothing to tell anyone: the billing service marks our record, which is the local provider's only state.
    },
    async cancelNow() {
      // Likewise: the record the billing service ends is all there is, and no money ever moves.
    },
  };
}

export function newLocalSubscriptionId(): string {
  return randomId('lsub');
}
