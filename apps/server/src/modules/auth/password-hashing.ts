import crypto from 'node:crypto';
import { APIError } from 'better-auth/api';
import { overloadRetryAfterSeconds } from '../../http/errors';
import { HashingClosedError, type HashingThreads } from './hashing-threads';
import { placesFullAnswer, type PasswordPlaces } from './password-places';

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Better Auth's scrypt hashing in its stored format (`salt:key`, both hex; the salt's hex text is scrypt's salt),
 * so existing hashes keep working, computed on the server's hashing threads (hashing-threads.ts) in its places
 * for hashes (password-places.ts): beyond them the request is refused at once with 503 and `Retry-After`.
 */
export function createPasswordHashing(places: PasswordPlaces, threads: HashingThreads): PasswordHashing {
  // A hash cut short by the shutdown is a 503 with Retry-After, as a refused one: the next server process answers.
  const derive = (password: string, salt: string) =>
    threads.derive(password, salt).catch((error: unknown) => {
      throw error instanceof HashingClosedError ? passwordHashingBusy() : error;
    });
  return {
    hash: (password) =>
      places.run(async () => {
        const salt = crypto.randomBytes(16).toString('hex');
        return `${salt}:${await derive(password, salt)}`;
      }, passwordHashingBusy),
    verify: ({ hash, password }) =>
      places.run(async () => {
        const [salt, key] = hash.split(':');
        if (!salt || !key) throw new Error('Invalid password hash');
        const derived = Buffer.from(await derive(password, salt), 'hex');
        const stored = Buffer.from(key, 'hex');
        return derived.length === stored.length && crypto.timingSafeEqual(derived, stored);
      }, passwordHashingBusy),
  };
}

/** In Better Auth's answer shape: its routes answer it as it is; the app's error handler maps a 503 the same way. */
export function passwordHashingBusy(): APIError {
  return new APIError('SERVICE_UNAVAILABLE', { ...placesFullAnswer }, { 'Retry-After': String(overloadRetryAfterSeconds) });
}
