import { rateLimitAddressOf, type RateLimiter, type RateLimitRule } from '../rate-limit/rate-limit-module';

/**
 * Every check of a password (sign-in, two-factor settings, password and email change, account deletion)
 * counts against one budget per client address and one per account, in the app's one rate limiter: a
 * guesser cannot move to another form, and a botnet cannot spread guesses at one account over addresses.
 */
export interface PasswordAttempts {
  /** Counts one attempt; 429 when the address or the account used up its budget. */
  check(input: { ip: string; email: string }): Promise<void>;
}

export function createPasswordAttempts(limiter: RateLimiter, rule: RateLimitRule): PasswordAttempts {
  return {
    async check({ ip, email }) {
      await limiter.enforce([
        { key: `password:ip:${rateLimitAddressOf(ip)}`, rule },
        { key: `password:account:${email.trim().toLowerCase()}`, rule },
      ]);
    },
  };
}
