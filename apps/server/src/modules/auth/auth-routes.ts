import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  backupCodeInput,
  emptyBody,
  requestPasswordResetInput,
  resetPasswordInput,
  sendVerificationEmailInput,
  signInBody,
  signUpBody,
  socialSignInBody,
  totpCodeInput,
  twoFactorPasswordInput,
} from '@cardstack/shared/auth/schemas';
import { passkeyAuthenticateInput, passkeyOptionsInput, passkeyRegisterInput } from '@cardstack/shared/auth/passkeys';
import { fieldErrorsOf, type ValidationIssue } from '@cardstack/shared/http/field-errors';
import { rateLimitAddressOf, type RateLimiter } from '../rate-limit/rate-limit-module';
import type { LoadAuth } from './auth-loader';
import type { PasswordAttempts } from './password-attempts';
import { placesFullAnswer, type PasswordPlaces } from './password-places';
import { overloadRetryAfterSeconds, requestLocale } from '../../http/errors';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { keyedTextIn, type KeyedText } from '@cardstack/shared/i18n/keyed-text';

export interface AuthRouteDeps {
  loadAuth: LoadAuth;
  rateLimiter: RateLimiter;
  passwordAttempts: PasswordAttempts;
  passwordPlaces: PasswordPlaces;
  /** Runs once the library turned two-factor sign-in off (answered 200): the owner's address is told. */
  onTwoFactorDisabled?: (user: { email: string; name: string }) => Promise<void>;
  /**
   * The database's outage in progress, if any. The library answers a failed statement with a bare 500; while the
   * database is away that 500 becomes the app's 503 with Retry-After, as every other route answers then.
   */
  databaseOutage?: () => Error | undefined;
}

/** Mails a person can ask for about one address (reset links, verification links), per hour. */
const mailsPerAddressPerHour = { max: 5, windowSeconds: 60 * 60 };

interface AllowedRoute {
  method: 'GET' | 'POST';
  path: RegExp;
  /** The app's validation of the body; what passes is what Better Auth receives. */
  body?: ZodType;
  /** Limits per account, on top of Better Auth's per-address limits. */
  limit?: (request: FastifyRequest, body: Record<string, unknown>, deps: AuthRouteDeps) => Promise<void>;
  /** The library hashes a password for it: refused at once while the places for hashes are full. */
  hashesPassword?: true;
  /** What follows a change the library made (answered 200). */
  afterSuccess?: (request: FastifyRequest, deps: AuthRouteDeps) => Promise<void>;
}

const passwordOfSignIn: AllowedRoute['limit'] = async (request, body, deps) =>
  deps.passwordAttempts.check({ ip: request.ip, email: String(body.email) });
const passwordOfCaller: AllowedRoute['limit'] = async (request, _body, deps) =>
  deps.passwordAttempts.check({ ip: request.ip, email: (await request.caller()).email });
const mailsTo =
  (kind: string): AllowedRoute['limit'] =>
  async (_request, body, deps) =>
    deps.rateLimiter.enforce([{ key: `${kind}:account:${String(body.email).toLowerCase()}`, rule: mailsPerAddressPerHour }]);

/**
 * The auth library's routes the SPA and the mails use; every other route of the library stays unreachable
 * (updating the user, listing accounts, tokens… go through the app's own API with its validation).
 */
const allowedRoutes: AllowedRoute[] = [
  { method: 'POST', path: /^\/sign-up\/email$/, body: signUpBody, hashesPassword: true },
  { method: 'POST', path: /^\/sign-in\/email$/, body: signInBody, limit: passwordOfSignIn, hashesPassword: true },
  { method: 'POST', path: /^\/sign-in\/social$/, body: socialSignInBody },
  { method: 'POST', path: /^\/sign-out$/, body: emptyBody },
  { method: 'POST', path: /^\/request-password-reset$/, body: requestPasswordResetInput, limit: mailsTo('reset-mail') },
  { method: 'POST', path: /^\/reset-password$/, body: resetPasswordInput, hashesPassword: true },
  { method: 'POST', path: /^\/send-verification-email$/, body: sendVerificationEmailInput, limit: mailsTo('verify-mail') },
  { method: 'POST', path: /^\/two-factor\/verify-totp$/, body: totpCodeInput },
  { method: 'POST', path: /^\/two-factor\/verify-backup-code$/, body: backupCodeInput },
  { method: 'POST', path: /^\/two-factor\/(enable|generate-backup-codes)$/, body: twoFactorPasswordInput, limit: passwordOfCaller, hashesPassword: true },
  {
    method: 'POST',
    path: /^\/two-factor\/disable$/,
    body: twoFactorPasswordInput,
    limit: passwordOfCaller,
    hashesPassword: true,
    // The caller was read before the library's change (the password limit): only an account that had it on is told.
    afterSuccess: async (request, deps) => {
      const caller = await request.caller();
      if (caller.twoFactorEnabled) await deps.onTwoFactorDisabled?.(caller);
    },
  },
  { method: 'POST', path: /^\/passkey\/registration-options$/, body: passkeyOptionsInput, limit: passwordOfCaller },
  { method: 'POST', path: /^\/passkey\/register$/, body: passkeyRegisterInput },
  { method: 'POST', path: /^\/passkey\/(sign-in-options|second-factor-options)$/, body: emptyBody },
  { method: 'POST', path: /^\/passkey\/(sign-in|verify-second-factor)$/, body: passkeyAuthenticateInput },
  // Links in mails and the Google redirect come back by GET.
  { method: 'GET', path: /^\/verify-email$/ },
  { method: 'GET', path: /^\/reset-password\/[^/]+$/ },
  { method: 'GET', path: /^\/callback\/[^/]+$/ },
  { method: 'GET', path: /^\/error$/ },
];

const routeOf = (method: string, path: string) => allowedRoutes.find((route) => route.method === method && route.path.test(path));

function findRoute(request: FastifyRequest): AllowedRoute | undefined {
  return routeOf(request.method, new URL(request.url, 'http://localhost').pathname.replace(/^\/api\/auth/, ''));
}

/** Whether the library hashes a password for this route (`path` below /api/auth, undecoded). */
export const hashesPassword = (method: string, path: string): boolean => routeOf(method, path)?.hashesPassword === true;

/**
 * Hands the allowed /api/auth/* routes to Better Auth, after the app's validation and per-account limits.
 * The request is rebuilt as a Fetch Request; x-forwarded-for is set to the address Fastify trusts (the
 * socket, or what TRUST_PROXY allows), bucketed for rate limits, so a client cannot dodge a per-address limit
 * with its own header.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // The auth library's own endpoints: each checks its caller itself (sessions, tokens in links, the second factor).
    config: guards.anyone,
    async handler(request, reply) {
      const route = findRoute(request);
      if (!route) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
      // Under a flood the refusal costs next to nothing: no body, no database, no library. The library's own
      // refusal (password-hashing.ts) still answers a request that found a place here and none later.
      if (route.hashesPassword && deps.passwordPlaces.isFull()) {
        return reply.status(503).header('retry-after', String(overloadRetryAfterSeconds)).send(placesFullAnswer);
      }
      let body: Record<string, unknown> | undefined;
      if (route.body) {
        const parsed = route.body.safeParse(request.body ?? {});
        if (!parsed.success) return sendValidationError(reply, parsed.error.issues, keyedTextIn(requestLocale(request)));
        body = parsed.data as Record<string, unknown>;
      }
      await route.limit?.(request, body ?? {}, deps);
      const auth = await deps.loadAuth();
      const response = await auth.handler(toFetchRequest(request, body));
      const outage = response.status >= 500 ? deps.databaseOutage?.() : undefined;
      if (outage) throw outage;
      if (response.status === 200) await route.afterSuccess?.(request, deps);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

/** In Better Auth's answer shape ({ code, message }), which the SPA reads for every /api/auth route; in the request's language. */
function sendValidationError(reply: FastifyReply, issues: readonly (ValidationIssue & { code?: string })[], text: KeyedText) {
  const fields = Object.fromEntries(Object.entries(fieldErrorsOf(issues)).map(([field, message]) => [field, text(message)]));
  const first = issues[0];
  // An unexpected field is a client program's mistake, named in the protocol's terms: English, as Better Auth's own.
  const message = first?.code === 'unrecognized_keys' ? 'Unexpected field in the request.' : text(first?.message ?? keyed('invalidInput'));
  return reply.status(400).send({ code: 'VALIDATION_ERROR', message, fields });
}

function toFetchRequest(request: FastifyRequest, body: Record<string, unknown> | undefined): Request {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'x-forwarded-for' || key === 'content-length') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // Bucketed as every per-address limit of the app is (an IPv6 client by its /64), for Better Auth's own limits.
  headers.set('x-forwarded-for', rateLimitAddressOf(request.ip));
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(url, {
    method: request.method,
    headers,
    body: request.method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined,
  });
}
