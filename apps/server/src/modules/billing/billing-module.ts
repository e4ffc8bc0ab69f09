import type { Config } from '../../config';
import type { Billing } from './billing-routes';
import { createLocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';

/*
 * The billing module's public entry: plans and subscriptions (local test checkout or Stripe), the billing
 * clock, the plan gate for routes, and the account-deletion step.
 */
export { registerBillingJobs } from './billing-jobs';
export { registerBillingRoutes } from './billing-routes';
export { cancelSubscriptionsOfUser, planStateOf, type PlanChangeHooks } from './billing-service';
export { createBillingTime } from './billing-time';
export { assertFeature, paidFeatureError, requireFeature } from './feature-gate';
export { applyBillingMode, everyFeaturePlan, planStateSource } from './billing-mode';
export { findOperatorGrant, setOperatorGrant, type OperatorGrant } from './operator-grant';
export { planOf, planView } from './plan-of';

interface BillingOptions extends Pick<Billing, 'db' | 'baseUrl' | 'time' | 'cardAllowance' | 'isEveryFeatureIncluded' | 'planChanges'> {
  /** The built-in local provider unless another is given (Stripe, chosen by configuration). */
  provider?: PaymentProvider;
  /** The business contact form behind "Get a quote". */
  enterpriseContactUrl?: string | null;
}

export function createBilling(options: BillingOptions): Billing {
  const { db, baseUrl, time } = options;
  return {
    db,
    baseUrl,
    time,
    now: time.now,
    provider: options.provider ?? createLocalPaymentProvider({ db, baseUrl, now: time.now }),
    enterpriseContactUrl: options.enterpriseContactUrl ?? null,
    cardAllowance: options.cardAllowance,
    isEveryFeatureIncluded: options.isEveryFeatureIncluded ?? false,
    planChanges: options.planChanges,
  };
}

/** Stripe, when configured; its SDK is loaded only then. */
export async function loadStripePaymentProvider(config: NonNullable<Config['stripe']>): Promise<PaymentProvider> {
  return (await import('./stripe-provider')).createStripePaymentProvider(config);
}
export type { BillingTables, UserPlanColumns } from './billing-tables';
