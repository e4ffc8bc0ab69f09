import type { Price, PriceIdConfig } from '@cardstack/shared/plans/prices';

export type PaymentProviderKind = 'local' | 'stripe';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The user's customer at the provider (created once per user by `createCustomer`). */
  customerId: string;
  priceId: string;
  quantity: number;
  /** 0 for no trial. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /** The same key returns the same checkout when a request is retried. */
  idempotencyKey: string;
  /**
   * The subscription in force that the new one replaces (a plan, size or period change): it ends when the new
   * one starts, so nobody pays twice.
   */
  replacesSubscriptionId: string | null;
}

/** A subscription as the provider reports it, in the terms the billing module keeps. */
export interface ProviderSubscription {
  providerSubscriptionId: string;
  customerId: string;
  /** The user id the checkout put in the subscription's metadata; the stored customer is asked first. */
  userIdHint: string | null;
  status: string;
  created: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  endedAt: string | null;
  priceId: string;
  /** In the currency's minor units (cents; yen have none). */
  unitAmount: number;
  /** ISO 4217, upper case. */
  currency: string;
  interval: string;
  quantity: number;
  /** Metadata `card_limitation` as sent (text); parsed by the card-limit rules. */
  cardLimitation: string | null;
  cancelAtPeriodEnd: boolean;
  replacesSubscriptionId: string | null;
}

export interface CheckoutSession {
  id: string;
  /** Where the browser goes to pay (or, for the local provider, to pretend to). */
  url: string;
}

/**
 * Everything the product asks of a payment provider. The built-in local provider is the default so every
 * plan flow works offline; Stripe is chosen by configuration. Subscription state does not come back
 * through these calls: the provider reports it (Stripe by webhooks, the local provider by writing it when
 * its test checkout completes), and the billing service keeps the user's plan in step.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Which provider price stands for which plan, period and Teams size. */
  readonly priceIds: PriceIdConfig;
  /**
   * The amount and currency of each price id, as the provider charges them. Throws when the provider cannot be
   * reached or a price has no fixed amount; the caller keeps what it read before.
   */
  listPrices(ids: readonly string[]): Promise<Map<string, Price>>;
  /** Creates the provider's customer for a user. Called once per user; the id is stored and reused. */
  createCustomer(request: { userId: string; email: string; name: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The payment portal for a customer, or null when the provider returns no link ("No url returned"). */
  createPortalLink(request: { customerId: string; returnUrl: string }): Promise<string | null>;
  /** The subscription keeps its plan until the end of the paid period, then ends. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** Ends the subscription at once with no further charges (account deletion, a replaced subscription). */
  cancelNow(providerSubscriptionId: string): Promise<void>;
}

/** A webhook whose signature does not verify (tampered, wrong secret, too old): answered 400, never processed. */
export class WebhookSignatureError extends Error {}
