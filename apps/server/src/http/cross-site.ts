import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { keyed } from '@cardstack/shared/i18n/keyed';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteRefused = () =>
  new AppError(403, 'cross-site', keyed('crossSite'));

/**
 * Whether a state-changing request comes from this site's own pages, whatever its content type (JSON,
 * text/plain and multipart alike: a cross-site page can send the last two without asking):
 * - `Sec-Fetch-Site` (sent by current browsers, not settable by page scripts) must be `same-origin`;
 * - else `Origin` must be the app's own origin (`null`, sent from sandboxed or privacy-hardened contexts, is not);
 * - with neither header the request is no browser's cross-site request (older browsers send at least Origin on
 *   cross-site POSTs): it passes when it carries no cookie, so it has no session to abuse, and is refused otherwise.
 */
export function isSameOriginRequest(request: Pick<FastifyRequest, 'headers'>, ownOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === ownOrigin;
  return request.headers.cookie === undefined;
}

/** `/a/b` matches itself; `/a/*` matches everything below `/a/`. */
function matches(pattern: string, path: string): boolean {
  return pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/**
 * One check for every state-changing request. It covers the auth library's routes (`/api/auth/*`) as well:
 * the library checks Origin only when the request carries a cookie, which leaves a sign-in from another site
 * (login CSRF) open. Endpoints that other servers call (webhooks, token endpoints) opt out: the modules that
 * own them declare them (`AppModule.serverCalledPaths`).
 */
export function registerCrossSiteCheck(app: FastifyInstance, options: { baseUrl: string; exemptPaths: readonly string[] }): void {
  const ownOrigin = new URL(options.baseUrl).origin;
  // A callback hook, not an async one: every request passes here, most of them page views (GET), and an async
  // hook costs each of them a promise and a trip through the microtask queue for nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (options.exemptPaths.some((pattern) => matches(pattern, path))) return done();
    return done(isSameOriginRequest(request, ownOrigin) ? undefined : crossSiteRefused());
  });
}
