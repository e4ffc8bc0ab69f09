import type { PriceIdConfig } from '@cardstack/shared/plans/prices';

export type PaymentProviderKind = 'local' | 'stripe';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The provider's customer from an earlier subscription; the provider creates one when null. */
  customerId: string | null;
  priceId: string;
  quantity: number;
  /** 0 for no trial. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /** The same key returns the same checkout when a request is retried. */
  idempotencyKey: string;
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
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The payment portal for a customer, or null when the provider returns no link ("No url returned"). */
  createPortalLink(request: { customerId: string; returnUrl: string }): Promise<string | null>;
  /** The subscription keeps its plan until the end of the paid period, then ends. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
}
