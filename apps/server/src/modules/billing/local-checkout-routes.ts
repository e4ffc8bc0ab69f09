import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { portalReturnPath, type BillingDeps } from './billing-service';
import * as localCheckout from './local-checkout';
import { localPortalPath } from './local-provider';
import { renderLocalCheckoutPage, renderLocalPortalPage, renderMessagePage } from './local-pages';

const sessionIdPattern = /^lcs_[A-Za-z0-9_-]{10,64}$/;

/**
 * The local provider's test checkout and portal: plain HTML forms, signed-in owner only. The forms post to
 * this origin; a post from another site is refused (the session cookie is SameSite=Lax as well).
 */
export function registerLocalCheckoutRoutes(app: FastifyInstance, deps: BillingDeps): void {
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
      const current = await request.callerIfSignedIn();
      if (!current) return sendPage(reply, 401, 'Sign in to continue', 'Sign in to see this page.', { href: '/login', label: 'Sign in' });
      if (request.params.sessionId !== undefined && !sessionIdPattern.test(request.params.sessionId)) {
        return sendPage(reply, 404, 'Not found', 'This test checkout does not exist.');
      }
      try {
        return await handle(request, current.userId, reply);
      } catch (error) {
        if (error instanceof AppError) return sendPage(reply, error.statusCode, 'Test checkout', error.message);
        throw error;
      }
    };

  app.get(
    '/billing/local-checkout/:sessionId',
    withPage('GET', async (request, userId, reply) => {
      const view = await localCheckout.getLocalCheckout(deps, userId, request.params.sessionId);
      return reply.type('text/html; charset=utf-8').send(renderLocalCheckoutPage(view));
    }),
  );

  app.post(
    '/billing/local-checkout/:sessionId/complete',
    withPage('POST', async (request, userId, reply) =>
      reply.redirect(await localCheckout.completeLocalCheckout(deps, userId, request.params.sessionId), 303),
    ),
  );

  app.post(
    '/billing/local-checkout/:sessionId/cancel',
    withPage('POST', async (request, userId, reply) =>
      reply.redirect(await localCheckout.cancelLocalCheckout(deps, userId, request.params.sessionId), 303),
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
          : `${deps.baseUrl}${portalReturnPath}`;
      const status = await localCheckout.getLocalPortal(deps, userId);
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
