import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { overloadMessage, overloadRetryAfterSeconds } from '../../http/errors';
import type { PasswordPlaces } from './password-places';

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Better Auth's own scrypt hashing (same parameters and stored format, so existing hashes keep working), in the
 * server's places for hashes (password-places.ts): beyond them the request is refused at once with 503 and
 * `Retry-After`, before any hashing.
 */
export function createPasswordHashing(places: PasswordPlaces): PasswordHashing {
  return {
    hash: (password) => places.run(() => hashPassword(password), passwordHashingBusy),
    verify: (input) => places.run(() => verifyPassword(input), passwordHashingBusy),
  };
}

/** In Better Auth's answer shape: its routes answer it as it is; the app's error handler maps a 503 the same way. */
export function passwordHashingBusy(): APIError {
  return new APIError('SERVICE_UNAVAILABLE', { code: 'OVERLOADED', message: overloadMessage }, { 'Retry-After': String(overloadRetryAfterSeconds) });
}
