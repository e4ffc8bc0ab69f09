import crypto from 'node:crypto';

/*
 * Every secret this module hands out: 32 random bytes with a short prefix that says what it is (so a leaked
 * one is recognised, and the API tells a personal key from an OAuth token without a lookup). Only the
 * SHA-256 of a token is stored: the tokens are random, so a plain hash is enough to make the table useless to
 * whoever reads it.
 */
export const tokenPrefixes = { apiKey: 'csk_', accessToken: 'cat_', refreshToken: 'crt_', code: 'cac_' } as const;

export function newSecret(prefix: string): string {
  return `${prefix}${crypto.randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Compares two secrets in constant time (a client secret from the request against the configured one). */
export function isSameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
