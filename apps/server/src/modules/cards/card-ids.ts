import crypto from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// The largest multiple of 62 below 256: bytes at or above it are skipped so every character is equally likely.
const unbiasedLimit = 248;

/**
 * An unguessable id: 20 base62 characters carry about 119 random bits. Card ids are also the first username
 * and part of public addresses, so they must not be enumerable.
 */
export function randomId(length = 20): string {
  let id = '';
  while (id.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte >= unbiasedLimit) continue;
      id += alphabet[byte % 62];
      if (id.length === length) break;
    }
  }
  return id;
}
