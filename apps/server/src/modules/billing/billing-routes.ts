import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  billingStatus,
  cardAccessResponse,
  checkoutInput,
  redirectResponse,
  testClockInput,
  testClockResponse,
} from '@cardstack/shared/billing/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Auth } from '../auth/auth';
import { readSession, requireSession } from '../auth/session';
import * as billing from './billing-service';
import type { BillingDeps } from './billing-service';
import { createBillingTime } from './billing-time';
import { cardAccessForOwner } from './card-access';
import { createFeatureGate } from './feature-gate';
import { createLocalPaymentProvider, localPortalPath } from './local-provider';
import { renderLocalCheckoutPage, renderLocalPortalPage, renderMessagePage } from './local-pages';
import type { PaymentProvider } from './payment-provider';
import type { StripePaymentProvider } from './stripe-provider';
import { registerStripeWebhook } from './stripe-webhooks';

export interface BillingModuleOptions {
  db: Kysely<Database>;
  auth: Auth;
  baseUrl: string;
  /** The built-in local provider unless another is given (Stripe, chosen in app.ts by configuration). */
  provider?: PaymentProvider;
  now?: () => Date;
  /** How often ended periods are looked for (renewals, cancellations at period end). */
  clockIntervalMs?: number;
  /** The business contact form behind "Get a quote". */
  enterpriseContactUrl?: string | null;
  /**
   * Adds POST /api/billing/test-clock, which moves the billing clock forward (browser tests: a trial or a
   * period ends without waiting). Only with NODE_ENV=test or BILLING_TEST_CLOCK=true.
   */
  isTestClockEnabled?: boolean;
}

/** What other modules use: the plan gate, the card limits and the account-deletion step. */
export interface BillingModule extends BillingDeps {
  /** Route option: `{ preHandler: billingModule.requireFeature('csvExport') }`. */
  requireFeature: ReturnType<typeof createFeatureGate>['requireFeature'];
  /** Spec §4 card limit and blocking for one user's cards, in the billing clock's time. */
  cardAccessForOwner(userId: string): ReturnType<typeof cardAccessForOwner>;
  /** The account-deletion step: subscriptions end now, at the provider too. */
  cancelSubscriptionsOfUser(userId: string): Promise<void>;
}

function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.kind === 'stripe';
}

/** The billing API, the provider's pages or webhook, and the billing clock. */
export function registerBilling(fastify: FastifyInstance, options: BillingModuleOptions): BillingModule {
  const time = createBillingTime({ isAdjustable: options.isTestClockEnabled === true, ...(options.now ? { wallClock: options.now } : {}) });
  const now = () => time.now();
  const provider = options.provider ?? createLocalPaymentProvider({ db: options.db, baseUrl: options.baseUrl, now });
  const deps: BillingDeps = {
    db: options.db,
    provider,
    baseUrl: options.baseUrl,
    now,
    enterpriseContactUrl: options.enterpriseContactUrl ?? null,
  };
  const gate = createFeatureGate({ db: options.db, auth: options.auth, now });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const session = (request: FastifyRequest) => requireSession(options.auth, request);

  app.get('/api/billing', { schema: { response: { 200: billingStatus } } }, async (request) =>
    billing.getBillingStatus(deps, (await session(request)).user.id),
  );

  app.post('/api/billing/checkout', { schema: { body: checkoutInput, response: { 200: redirectResponse } } }, async (request) => {
    const { user } = await session(request);
    return billing.startCheckout(deps, user, request.body);
  });

  app.post('/api/billing/portal', { schema: { response: { 200: redirectResponse } } }, async (request) =>
    billing.openPaymentPortal(deps, (await session(request)).user.id),
  );

  app.post('/api/billing/cancel-at-period-end', { schema: { response: { 200: billingStatus } } }, async (request) =>
    billing.cancelSubscriptionAtPeriodEnd(deps, (await session(request)).user.id),
  );

  app.get('/api/billing/card-access', { schema: { response: { 200: cardAccessResponse } } }, async (request) => {
    const { user } = await session(request);
    await billing.runBillingClock(deps, user.id);
    return cardAccessForOwner(deps.db, user.id, now());
  });

  if (time.isAdjustable) {
    fastify.log.warn('The billing test clock is on: any signed-in user can move billing time forward. Never in production.');
    app.post(
      '/api/billing/test-clock',
      { schema: { body: testClockInput, response: { 200: testClockResponse } } },
      async (request) => {
        await session(request);
        const moved = time.advance(request.body.days * 86_400_000);
        await billing.runBillingClock(deps);
        return { now: moved.toISOString() };
      },
    );
  }

  if (provider.kind === 'local') {
    void fastify.register(async (scope) => registerLocalProviderPages(scope, deps, options.auth));
  }
  if (isStripeProvider(provider)) registerStripeWebhook(fastify, deps, provider);

  const timer = setInterval(() => {
    billing.runBillingClock(deps).catch((error: unknown) => fastify.log.error({ err: error }, 'billing clock failed'));
  }, options.clockIntervalMs ?? 60_000);
  timer.unref();
  fastify.addHook('onClose', async () => clearInterval(timer));

  return {
    ...deps,
    requireFeature: gate.requireFeature,
    cardAccessForOwner: (userId) => cardAccessForOwner(deps.db, userId, now()),
    cancelSubscriptionsOfUser: (userId) => billing.cancelSubscriptionsOfUser(deps, userId),
  };
}

const sessionIdPattern = /^lcs_[A-Za-z0-9_-]{10,64}$/;

/**
 * The local provider's test checkout and portal: plain HTML forms, signed-in owner only. The forms post to
 * this origin; a post from another site is refused (the session cookie is SameSite=Lax as well).
 */
function registerLocalProviderPages(app: FastifyInstance, deps: BillingDeps, auth: Auth): void {
  // HTML forms send an urlencoded body; the buttons carry no fields, so the body is not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const origin = new URL(deps.baseUrl).origin;

  type PageRequest = FastifyRequest<{ Params: { sessionId: string } }>;
  const withPage =
    (method: 'GET' | 'POST', handle: (request: PageRequest, userId: string, reply: FastifyReply) => Promise<unknown>) =>
    async (request: PageRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      if (method === 'POST' && isCrossSite(request, origin)) {
        return sendPage(reply, 403, 'Not allowed', 'This form can only be sent from this site.');
      }
      const current = await readSession(auth, request);
      if (!current) return sendPage(reply, 401, 'Sign in to continue', 'Sign in to see this page.', { href: '/login', label: 'Sign in' });
      if (request.params.sessionId !== undefined && !sessionIdPattern.test(request.params.sessionId)) {
        return sendPage(reply, 404, 'Not found', 'This test checkout does not exist.');
      }
      try {
        return await handle(request, current.user.id, reply);
      } catch (error) {
        if (error instanceof AppError) return sendPage(reply, error.statusCode, 'Test checkout', error.message);
        throw error;
      }
    };

  app.get(
    '/billing/local-checkout/:sessionId',
    withPage('GET', async (request, userId, reply) => {
      const view = await billing.getLocalCheckout(deps, userId, request.params.sessionId);
      return reply.type('text/html; charset=utf-8').send(renderLocalCheckoutPage(view));
    }),
  );

  app.post(
    '/billing/local-checkout/:sessionId/complete',
    withPage('POST', async (request, userId, reply) =>
      reply.redirect(await billing.completeLocalCheckout(deps, userId, request.params.sessionId), 303),
    ),
  );

  app.post(
    '/billing/local-checkout/:sessionId/cancel',
    withPage('POST', async (request, userId, reply) =>
      reply.redirect(await billing.cancelLocalCheckout(deps, userId, request.params.sessionId), 303),
    ),
  );

  app.get(
    localPortalPath,
    withPage('GET', async (request, userId, reply) => {
      const requested = (request.query as { return?: unknown }).return;
      // Only a page of this site: the portal link must not become an open redirect.
      const returnUrl =
        typeof requested === 'string' && requested.startsWith(`${deps.baseUrl}/`)
          ? requested
          : `${deps.baseUrl}${billing.portalReturnPath}`;
      const status = await billing.getLocalPortal(deps, userId);
      return reply.type('text/html; charset=utf-8').send(renderLocalPortalPage(status, returnUrl));
    }),
  );
}

function isCrossSite(request: FastifyRequest, origin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const sent = request.headers.origin;
  // Under "Referrer-Policy: no-referrer" (helmet's default) browsers send "Origin: null" with a form post;
  // Sec-Fetch-Site then tells whether the form was on this origin. Without either, refuse.
  if (sent === 'null') return site !== 'same-origin';
  return typeof sent === 'string' && sent !== origin;
}

function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  link = { href: '/subscription', label: 'Back to the plans' },
) {
  return reply.status(status).type('text/html; charset=utf-8').send(renderMessagePage(title, message, link));
}
