import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AnyConnection } from '../../db/schema';
import { ipv6Groups, mappedIPv4Of } from '../../http/client-address';
import { AppError } from '../../http/errors';
import * as repository from './rate-limit-repository';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { englishText } from '@cardstack/shared/i18n/keyed-text';

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
  enforce(limits: readonly { key: string; rule: RateLimitRule }[], message?: KeyedMessage): Promise<void>;
  /** Forgets a key (a successful sign-in clears the failed attempts of its account). */
  reset(key: string): Promise<void>;
}

const tooManyAttempts = keyed('tooManyAttempts');
/** The refusal's English words (what a request without Accept-Language reads). */
export const tooManyRequestsMessage = englishText(tooManyAttempts);

export function tooManyRequests(retryAfterSeconds: number, message: KeyedMessage = tooManyAttempts): AppError & { retryAfterSeconds: number } {
  return Object.assign(new AppError(429, 'too-many-requests', message), { retryAfterSeconds });
}

/** How often (one hit in N) expired buckets are swept away. */
const sweepEvery = 200;

export function createRateLimiter(db: AnyConnection, now: () => number = Date.now): RateLimiter {
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
 * The address a per-address limit counts under; every per-address key is built from it. An IPv4 client counts
 * by its address. An IPv6 client counts by its /64, written as the /64's first address (`2001:db8:1:2::`): one
 * host usually holds a whole /64 and would otherwise get a fresh budget from each of its addresses. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket's IPv4 client) counts as its IPv4 address.
 * The answer stays an address, so Better Auth can read it from X-Forwarded-For (its own per-address limits).
 */
export function rateLimitAddressOf(address: string): string {
  if (net.isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return mappedIPv4Of(groups) ?? `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::`;
}

/**
 * A route option that limits a route per client address:
 *
 *   app.post('/x', { config: { guard: { caller: 'anyone', rateLimit: limitPerAddress(limiter, 'lead-form', { max: 10, windowSeconds: 60 }) } } }, handler)
 *
 * The address is the one Fastify trusts (TRUST_PROXY decides whether a proxy header counts), bucketed by
 * `rateLimitAddressOf`.
 */
export function limitPerAddress(limiter: RateLimiter, name: string, rule: RateLimitRule, message?: KeyedMessage) {
  return async (request: FastifyRequest): Promise<void> => {
    await limiter.enforce([{ key: `${name}:ip:${rateLimitAddressOf(request.ip)}`, rule }], message);
  };
}
