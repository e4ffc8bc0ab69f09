import type { Generated } from 'kysely';
import type { UserTable } from '../auth/auth-module';

/** A subscription as the payment provider reports it. */
export interface BillingSubscriptionTable {
  id: string;
  user_id: string;
  /** `operator`: a plan the instance's operator granted in the console (no payment; lasts until taken back). */
  provider: 'local' | 'stripe' | 'operator';
  provider_subscription_id: string;
  customer_id: string;
  /** One of `subscriptionStatuses` (packages/shared/src/plans/subscription-state.ts). */
  status: string;
  /** The plan the price stands for, resolved when the record is written ('subscribed' or 'team'). */
  plan: string;
  team_tier: number | null;
  created: string;
  current_period_end: string;
  trial_end: string | null;
  ended_at: string | null;
  price_id: string;
  unit_amount: number;
  /** ISO 4217, upper case, as the provider reported it; null on rows written before it was kept. */
  currency: string | null;
  interval: string;
  quantity: number;
  card_limitation: number | null;
  cancel_at_period_end: number;
  updated_at: string;
}

/** Provider events already handled: a duplicate delivery is ignored. */
export interface BillingWebhookEventTable {
  provider: string;
  event_id: string;
  type: string;
  processed_at: string;
}

/** The payment provider's customer of a user: created once, reused for every checkout and portal visit. */
export interface BillingCustomerTable {
  user_id: string;
  provider: 'local' | 'stripe';
  customer_id: string;
  created_at: string;
}

/** A checkout of the built-in local provider (no money moves). */
export interface BillingLocalCheckoutTable {
  id: string;
  user_id: string;
  customer_id: string;
  price_id: string;
  quantity: number;
  trial_days: number;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'completed' | 'canceled';
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

/** The payment provider's prices as last read: a `PriceList` as JSON, and when it was read. */
export interface BillingPriceCacheTable {
  provider: string;
  price_list: string;
  read_at: string;
}

/**
 * The plan, on the user record so that a session carries it: billing's column on the auth module's table. Billing
 * writes it on every subscription change; everyone else reads it through `planOf`.
 */
export interface UserPlanColumns {
  id: string;
  plan: Generated<string>;
  updatedAt: UserTable['updatedAt'];
}

/** The tables the billing module owns, and the `user.plan` column: only its own code reads or writes them. */
export interface BillingTables {
  user: UserPlanColumns;
  billing_subscription: BillingSubscriptionTable;
  billing_webhook_event: BillingWebhookEventTable;
  billing_local_checkout: BillingLocalCheckoutTable;
  billing_customer: BillingCustomerTable;
  billing_price_cache: BillingPriceCacheTable;
}
