import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repository from './rate-limit-repository';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window frees up; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * The one rate limiter of the app: Better Auth's limits and the app's own routes count in the same table,
 * so several processes share every count. Fixed windows per key.
 */
export interface RateLimiter {
  /** Records one attempt under `key` and says whether it stays within `rule`. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Records one attempt under every key (per IP and per account…) and throws 429 when any is over its rule. */
  enforce(limits: readonly { key: string; rule: RateLimitRule }[], message?: string): Promise<void>;
  /** Forgets a key (a successful sign-in clears the failed attempts of its account). */
  reset(key: string): Promise<void>;
}

export const tooManyRequestsMessage = 'Too many attempts. Please wait a moment and try again.';

export function tooManyRequests(retryAfterSeconds: number, message = tooManyRequestsMessage): AppError & { retryAfterSeconds: number } {
  return Object.assign(new AppError(429, 'too-many-requests', message), { retryAfterSeconds });
}

/** How often (one hit in N) expired buckets are swept away. */
const sweepEvery = 200;

export function createRateLimiter(db: Kysely<Database>, now: () => number = Date.now): RateLimiter {
  let hits = 0;
  const consume = async (key: string, rule: RateLimitRule): Promise<RateLimitDecision> => {
    const at = now();
    const bucket = await repository.hit(db, key, at, rule.windowSeconds * 1000);
    hits += 1;
    if (hits % sweepEvery === 0) await repository.deleteExpired(db, at);
    if (bucket.count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.expiresAt - at) / 1000)) };
  };
  return {
    consume,
    async enforce(limits, message) {
      let retryAfter = 0;
      // Every key counts the attempt, even when an earlier one already refuses it.
      for (const { key, rule } of limits) {
        const decision = await consume(key, rule);
        if (!decision.allowed) retryAfter = Math.max(retryAfter, decision.retryAfterSeconds);
      }
      if (retryAfter > 0) throw tooManyRequests(retryAfter, message);
    },
    reset: (key) => repository.reset(db, key),
  };
}

/**
 * A route option that limits a route per client address:
 *
 *   app.post('/x', { preHandler: limitPerAddress(limiter, 'lead-form', { max: 10, windowSeconds: 60 }) }, handler)
 *
 * The address is the one Fastify trusts (TRUST_PROXY decides whether a proxy header counts).
 */
export function limitPerAddress(limiter: RateLimiter, name: string, rule: RateLimitRule, message?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await limiter.enforce([{ key: `${name}:ip:${request.ip}`, rule }], message);
  };
}
