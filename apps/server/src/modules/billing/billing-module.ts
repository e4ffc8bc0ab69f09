import type { Config } from '../../config';
import type { JobQueue } from '../../jobs/jobs-module';
import type { AppModule } from '../module-contract';
import { registerBillingJobs } from './billing-jobs';
import { applyBillingMode } from './billing-mode';
import { requestPricesIfStale } from './billing-prices';
import { registerBillingRoutes, type Billing } from './billing-routes';
import { cancelSubscriptionsOfUser } from './billing-service';
import { createLocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';

/*
 * The billing module's public entry: plans and subscriptions (local test checkout or Stripe), the billing
 * clock, the plan gate for routes, and the account-deletion step.
 */
export { planStateOf, type PlanChangeHooks } from './billing-service';
export { createBillingTime } from './billing-time';
export { assertFeature, paidFeatureError, requireFeature } from './feature-gate';
export { applyBillingMode, everyFeaturePlan, planStateSource } from './billing-mode';
export { findOperatorGrant, setOperatorGrant, type OperatorGrant } from './operator-grant';
export { planOf, planView } from './plan-of';

export interface BillingOptions extends Pick<Billing, 'db' | 'baseUrl' | 'time' | 'cardAllowance' | 'isEveryFeatureIncluded' | 'planChanges'> {
  /** The built-in local provider unless another is given (Stripe, chosen by configuration). */
  provider?: PaymentProvider;
  /** The business contact form behind "Get a quote". */
  enterpriseContactUrl?: string | null;
}

function createBilling(options: BillingOptions): Billing {
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
async function loadStripePaymentProvider(config: NonNullable<Config['stripe']>): Promise<PaymentProvider> {
  return (await import('./stripe-provider')).createStripePaymentProvider(config);
}

export interface BillingModule extends AppModule {
  deps: Billing;
}

/**
 * Billing with the provider configuration chooses (Stripe when `stripe` is set, else the local test checkout).
 * At start it puts every account on the plan the billing mode gives (BILLING_PROVIDER=none: every feature).
 */
export async function createBillingModule(
  options: Omit<BillingOptions, 'provider'> & { stripe: Config['stripe']; jobs: JobQueue },
): Promise<BillingModule> {
  const { stripe, jobs, ...rest } = options;
  const deps = createBilling({ ...rest, provider: stripe ? await loadStripePaymentProvider(stripe) : undefined });
  await applyBillingMode(deps.db, deps.isEveryFeatureIncluded ?? false, new Date());
  // Stripe's prices are read by a job, never on the way to a page: the start does not wait for Stripe.
  await requestPricesIfStale(deps, jobs);
  return {
    name: 'billing',
    deps,
    routes: (app) => registerBillingRoutes(app, deps),
    // Stripe's webhook, signed by Stripe.
    serverCalledPaths: ['/api/billing/stripe/webhook'],
    jobs: (runner) => registerBillingJobs(runner, deps),
    // The payment provider stops charging before anything is deleted: when it cannot be reached the account stays whole.
    beforeAccountDeleted: (userId) => cancelSubscriptionsOfUser(deps, userId),
  };
}
export type { BillingTables, UserPlanColumns } from './billing-tables';
