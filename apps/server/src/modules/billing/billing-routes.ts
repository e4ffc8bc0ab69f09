import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { billingStatus, checkoutInput, redirectResponse } from '@cardstack/shared/billing/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Auth } from '../auth/auth';
import { readSession, requireSession } from '../auth/session';
import * as billing from './billing-service';
import type { BillingDeps } from './billing-service';
import { createLocalPaymentProvider, localPortalPath } from './local-provider';
import { renderLocalCheckoutPage, renderLocalPortalPage, renderMessagePage } from './local-pages';
import type { PaymentProvider } from './payment-provider';

export interface BillingModuleOptions {
  db: Kysely<Database>;
  auth: Auth;
  baseUrl: string;
  /** The built-in local provider unless another is given. */
  provider?: PaymentProvider;
  now?: () => Date;
  /** How often ended periods are looked for (renewals, cancellations at period end). */
  clockIntervalMs?: number;
}

/** The billing API, the local provider's pages when it is the provider, and the billing clock. */
export function registerBilling(fastify: FastifyInstance, options: BillingModuleOptions): BillingDeps {
  const now = options.now ?? (() => new Date());
  const provider = options.provider ?? createLocalPaymentProvider({ db: options.db, baseUrl: options.baseUrl, now });
  const deps: BillingDeps = { db: options.db, provider, baseUrl: options.baseUrl, now };
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

  if (provider.kind === 'local') {
    void fastify.register(async (scope) => registerLocalProviderPages(scope, deps, options.auth));
  }

  const timer = setInterval(() => {
    billing.runBillingClock(deps).catch((error: unknown) => fastify.log.error({ err: error }, 'billing clock failed'));
  }, options.clockIntervalMs ?? 60_000);
  timer.unref();
  fastify.addHook('onClose', async () => clearInterval(timer));

  return deps;
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
  const sent = request.headers.origin;
  if (typeof sent === 'string' && sent !== origin) return true;
  return request.headers['sec-fetch-site'] === 'cross-site';
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
