import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { overloadMessage, overloadRetryAfterSeconds } from '../../http/errors';

export interface PasswordHashingLimits {
  /** Hashes computed at once. */
  inProgress: number;
  /** Hashes that may wait for a free place; one more is refused at once. */
  waiting: number;
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Better Auth's own scrypt hashing (same parameters and stored format, so existing hashes keep working), with
 * a cap on how many run at once and how many may wait. Each hash takes ~60 ms of a CPU and 32 MB on libuv's
 * thread pool (4 threads), which it shares with the signing of session cookies (WebCrypto), file reads and DNS:
 * a sign-in flood left unbounded fills the pool's queue, and every signed-in request waits behind hundreds of
 * hashes while the event loop itself looks idle (so the event-loop guard never sheds). Beyond the cap the
 * request is refused at once with 503 and `Retry-After`, before any hashing.
 */
export function createPasswordHashing(limits: PasswordHashingLimits): PasswordHashing {
  const withPlace = createPlaces(limits, passwordHashingBusy);
  return {
    hash: (password) => withPlace(() => hashPassword(password)),
    verify: (input) => withPlace(() => verifyPassword(input)),
  };
}

/**
 * Runs work with at most `inProgress` at once and at most `waiting` queued (first come, first served); work
 * beyond that is refused with `refusal()` at once.
 */
export function createPlaces(limits: PasswordHashingLimits, refusal: () => Error) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limits.inProgress) running += 1;
    else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
    else throw refusal();
    try {
      return await work();
    } finally {
      // The place passes straight to the next in the queue; `running` drops only when nobody waits.
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** In Better Auth's answer shape: its routes answer it as it is; the app's error handler maps a 503 the same way. */
function passwordHashingBusy(): APIError {
  return new APIError('SERVICE_UNAVAILABLE', { code: 'OVERLOADED', message: overloadMessage }, { 'Retry-After': String(overloadRetryAfterSeconds) });
}
