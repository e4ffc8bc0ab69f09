import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingPricesResponse,
  billingStatus,
  cardAccessResponse,
  checkoutInput,
  redirectResponse,
  testClockInput,
  testClockResponse,
} from '@cardstack/shared/billing/schemas';
import { billingDisabled } from './billing-mode';
import { currentPrices } from './billing-prices';
import * as billing from './billing-service';
import type { BillingDeps } from './billing-service';
import type { BillingTime } from './billing-time';
import { registerLocalCheckoutRoutes } from './local-checkout-routes';
import type { PaymentProvider } from './payment-provider';
import type { StripePaymentProvider } from './stripe-provider';
import { registerStripeWebhook } from './stripe-webhooks';
import { guards } from '../../http/route-guard';

/** The billing module as the composition root makes it: its use cases' dependencies and its clock. */
export interface Billing extends BillingDeps {
  time: BillingTime;
}

function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.kind === 'stripe';
}

/** The billing API, the provider's pages or webhook, and the test clock's route. */
export function registerBillingRoutes(fastify: FastifyInstance, deps: Billing): void {
  const { time, provider } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // BILLING_PROVIDER=none: nothing to buy, so the routes that buy or manage a subscription refuse.
  const sellsPlans = {
    preHandler: async (request: FastifyRequest) => {
      await request.caller();
      if (deps.isEveryFeatureIncluded) throw billingDisabled();
    },
  };

  app.get('/api/billing', { config: guards.signedIn, schema: { response: { 200: billingStatus } } }, async (request) =>
    billing.getBillingStatus(deps, (await request.caller()).userId),
  );

  // Public: the prices are no secret, and the plans are shown before signing up.
  app.get('/api/billing/prices', { config: guards.anyone, schema: { response: { 200: billingPricesResponse } } }, async () => currentPrices(deps));

  app.post('/api/billing/checkout', { config: guards.signedIn, ...sellsPlans, schema: { body: checkoutInput, response: { 200: redirectResponse } } }, async (request) => {
    const { userId, email, name } = await request.caller();
    return billing.startCheckout(deps, { id: userId, email, name }, request.body);
  });

  app.post('/api/billing/portal', { config: guards.signedIn, ...sellsPlans, schema: { response: { 200: redirectResponse } } }, async (request) =>
    billing.openPaymentPortal(deps, (await request.caller()).userId),
  );

  app.post('/api/billing/cancel-at-period-end', { config: guards.signedIn, ...sellsPlans, schema: { response: { 200: billingStatus } } }, async (request) => {
    const { userId, email } = await request.caller();
    return billing.cancelSubscriptionAtPeriodEnd(deps, { id: userId, email });
  });

  // The caller's own cards under their own plan (the path predates the word "allowance").
  app.get('/api/billing/card-access', { config: guards.signedIn, schema: { response: { 200: cardAccessResponse } } }, async (request) => {
    const { userId } = await request.caller();
    await billing.runBillingClock(deps, userId);
    return deps.cardAllowance.ofOwner(userId);
  });

  if (time.isAdjustable) {
    fastify.log.warn('The billing test clock is on: any signed-in user can move billing time forward. Never in production.');
    app.post(
      '/api/billing/test-clock',
      { config: guards.signedIn, schema: { body: testClockInput, response: { 200: testClockResponse } } },
      async (request) => {
        await request.caller();
        const moved = time.advance(request.body.days * 86_400_000);
        await billing.runBillingClock(deps);
        return { now: moved.toISOString() };
      },
    );
  }

  if (provider.kind === 'local' && !deps.isEveryFeatureIncluded) {
    void fastify.register(async (scope) => registerLocalCheckoutRoutes(scope, deps));
  }
  if (isStripeProvider(provider)) registerStripeWebhook(fastify, deps, provider);
}
