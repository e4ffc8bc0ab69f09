import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Feature } from '@cardstack/shared/plans/features';

/*
 * Every route under /api declares on itself who may call it and what it takes (decision 0038): the caller, a plan
 * feature, a confirmed address, a rate limit. The guard turns the declaration into checks that run before the
 * handler, and a route under /api that declares nothing stops the app at start-up. Object-level rules (is this
 * card the caller's, may this role manage the team's contacts) stay with the use cases, which know the object.
 */

/**
 * Who may call a route. The guard checks the first three itself; the others prove who they are with credentials
 * the route's own handler checks, because a session is not how those callers come.
 */
export type RouteCaller =
  /** Anyone: public pages, health, the public forms, and the auth library's endpoints (which check for themselves). */
  | 'anyone'
  /** A signed-in person whose address is confirmed (or not yet required to be: the registration policy). */
  | 'signed-in'
  /** A signed-in operator of this instance. */
  | 'operator'
  /** The public API: a bearer API key or OAuth token carrying the route's scope, checked by the handler. */
  | 'api-token'
  /** Apple Wallet's devices: the pass's own authentication token, checked by the handler. */
  | 'wallet-device'
  /** The OAuth token endpoint: the client's credentials, checked by the OAuth server. */
  | 'oauth-client'
  /** Stripe's webhook: its signature, checked by the handler. */
  | 'stripe';

export interface RouteGuard {
  caller: RouteCaller;
  /** A plan feature the caller's own plan must include (403 with the paid-feature message). */
  feature?: Feature;
  /** Only with a confirmed address: actions that make the service mail others in the caller's name. */
  confirmedEmail?: true;
  /** An account that must confirm its address first may still call it (to learn what to do). */
  allowsUnconfirmedEmail?: true;
  /** Runs first, before anything is looked up: the rate-limit module's checks (`limitPerAddress` …). */
  rateLimit?: (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
  }
}

/** The checks behind the declarations, from the modules that own them (auth, admin, billing). */
export interface GuardChecks {
  signedIn(request: FastifyRequest): Promise<unknown>;
  operator(request: FastifyRequest): Promise<void>;
  confirmedEmail(request: FastifyRequest): Promise<void>;
  feature(feature: Feature): (request: FastifyRequest) => Promise<void>;
}

/** The route config of the common guards: `{ config: guards.signedIn, schema: … }`. */
export const guards = {
  anyone: { guard: { caller: 'anyone' } },
  signedIn: { guard: { caller: 'signed-in' } },
  operator: { guard: { caller: 'operator' } },
  apiToken: { guard: { caller: 'api-token' } },
  walletDevice: { guard: { caller: 'wallet-device' } },
} as const satisfies Record<string, { guard: RouteGuard }>;

/** The path prefix under which every route must declare a guard. */
export const guardedPrefix = '/api/';

type Check = (request: FastifyRequest) => Promise<unknown>;

/** The checks a guard stands for, in the order they run. */
export function checksOf(guard: RouteGuard, checks: GuardChecks): Check[] {
  const steps: Check[] = [];
  if (guard.rateLimit) steps.push(guard.rateLimit);
  if (guard.caller === 'signed-in') steps.push(checks.signedIn);
  if (guard.caller === 'operator') steps.push(checks.operator);
  if (guard.confirmedEmail) steps.push(checks.confirmedEmail);
  if (guard.feature) steps.push(checks.feature(guard.feature));
  return steps;
}

const asArray = <T>(value: T | readonly T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T]);

/**
 * Registers the guard: every route added after this gets its declared checks before its own preHandlers, and a
 * route under /api without a declaration throws, so the app does not start.
 */
export function registerRouteGuard(app: FastifyInstance, checks: GuardChecks): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const guard = route.config?.guard;
    if (!guard) {
      if (route.url.startsWith(guardedPrefix)) {
        throw new Error(`${String(route.method)} ${route.url} declares no guard: say who may call it with config.guard (see http/route-guard.ts).`);
      }
      return;
    }
    const steps = checksOf(guard, checks);
    if (steps.length > 0) route.preHandler = [...steps, ...asArray(route.preHandler)] as RouteOptions['preHandler'];
  });
}
