import type Stripe from 'stripe';
import { currencyCode, type Price, type PriceIdConfig } from '@cardstack/shared/plans/prices';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderSubscription,
} from './payment-provider';

/**
 * The API version every request and every webhook payload is read in. Pinned so a change of the account's
 * default version in the Stripe dashboard cannot change the shapes this code reads (since 2025-03-31
 * `current_period_end` lives on the subscription items, not on the subscription). Register the webhook
 * endpoint with the same version.
 */
export const stripeApiVersion = '2026-10-28.endive' as const satisfies Stripe.StripeConfig['apiVersion'];

interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  priceIds: PriceIdConfig;
  /** Tests point the SDK at a local fake of the Stripe API. */
  api?: { host?: string | undefined; port?: number | undefined; protocol?: 'http' | 'https' | undefined };
  /** How long a webhook signature stays valid, in seconds (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
}

/** What the webhook route needs beyond the common interface: verify an event and read a subscription. */
export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: 'stripe';
  /** Verifies the signature on the raw request body; throws `WebhookSignatureError`. */
  verifyWebhook(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event;
  /** The subscription as Stripe holds it now, or null when Stripe does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
}

function isMissingResource(error: unknown): boolean {
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  return statusCode === 404 || code === 'resource_missing';
}

const fromUnix = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * The facts of a Stripe subscription the billing module keeps. The first item carries the price, the quantity
 * and (API 2025-03-31 onwards) the current period; the product sells one price per subscription.
 */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription | null {
  const item = subscription.items.data[0];
  const customerId = idOf(subscription.customer);
  if (!item || !customerId) return null;
  // Older API versions (and fixtures written for them) keep the period on the subscription itself.
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = item.current_period_end ?? legacyPeriodEnd;
  return {
    providerSubscriptionId: subscription.id,
    customerId,
    userIdHint: subscription.metadata?.user_id ?? null,
    status: subscription.status,
    created: fromUnix(subscription.created),
    currentPeriodEnd: fromUnix(periodEnd ?? subscription.created),
    trialEnd: subscription.trial_end ? fromUnix(subscription.trial_end) : null,
    endedAt: subscription.ended_at ? fromUnix(subscription.ended_at) : null,
    priceId: item.price.id,
    unitAmount: item.price.unit_amount ?? 0,
    currency: item.price.currency.toUpperCase(),
    interval: item.price.recurring?.interval ?? 'month',
    quantity: item.quantity ?? 1,
    cardLimitation: subscription.metadata?.card_limitation ?? null,
    // A cancellation at period end shows as either flag, depending on how it was asked for.
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end || (subscription.cancel_at !== null && periodEnd !== undefined && subscription.cancel_at <= periodEnd),
    replacesSubscriptionId: subscription.metadata?.replaces_subscription || null,
  };
}

/** Loads the Stripe SDK only when Stripe is configured: the built-in provider needs none of it. */
export async function createStripePaymentProvider(options: StripeProviderOptions): Promise<StripePaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(options.secretKey, {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.api?.host ? { host: options.api.host } : {}),
    ...(options.api?.port ? { port: options.api.port } : {}),
    ...(options.api?.protocol ? { protocol: options.api.protocol } : {}),
  });

  return {
    kind: 'stripe',
    priceIds: options.priceIds,

    async listPrices(ids) {
      // One retrieve per id (twelve at most, once a day): the list endpoint cannot filter by id.
      const prices = new Map<string, Price>();
      for (const id of new Set(ids)) {
        const found = await stripe.prices.retrieve(id);
        // A tiered or pay-what-you-want price has no single amount to show; a wrong page is worse than none.
        if (found.unit_amount === null) throw new Error(`Stripe price ${id} has no fixed unit amount`);
        prices.set(id, { unitAmount: found.unit_amount, currency: currencyCode.parse(found.currency.toUpperCase()) });
      }
      return prices;
    },

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: userId } },
        // Two checkouts started at once must not make two customers (and so two free trials).
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata: Record<string, string> = { user_id: request.userId };
      if (request.replacesSubscriptionId) metadata.replaces_subscription = request.replacesSubscriptionId;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: request.priceId, quantity: request.quantity }],
          subscription_data: {
            metadata,
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
          },
          customer: request.customerId,
          client_reference_id: request.userId,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async createPortalLink({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url || null;
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },

    async cancelNow(providerSubscriptionId) {
      try {
        await stripe.subscriptions.cancel(providerSubscriptionId);
      } catch (error) {
        // Already gone at Stripe: nothing more can be charged.
        if (!isMissingResource(error)) throw error;
      }
    },

    verifyWebhook(rawBody, signature) {
      if (typeof signature !== 'string' || signature === '') throw new WebhookSignatureError('No Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, options.webhookToleranceSeconds);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature does not verify');
      }
    },

    async retrieveSubscription(id) {
      try {
        return toProviderSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isMissingResource(error)) return null;
        throw error;
      }
    },
  };
}
