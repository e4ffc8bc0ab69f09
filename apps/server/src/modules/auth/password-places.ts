import { overloadMessage } from '../../http/errors';

/** What a password check refused for want of a place answers, with 503 and Retry-After (the library's shape). */
export const placesFullAnswer = { code: 'OVERLOADED', message: overloadMessage } as const;

export interface PasswordPlacesLimits {
  /** Hashes computed at once. */
  inProgress: number;
  /** Hashes that may wait for a free place; one more is refused at once. */
  waiting: number;
}

/**
 * Places for password hashes: at most `inProgress` at once and at most `waiting` queued (first come, first
 * served). Each hash takes ~60 ms of a CPU and 32 MB on libuv's thread pool (4 threads), which it shares with
 * the signing of session cookies (WebCrypto), file reads and DNS: a sign-in flood left unbounded fills the
 * pool's queue, and every signed-in request waits behind hundreds of hashes. Kept apart from the hashing itself
 * (password-hashing.ts) so that the auth routes can refuse a flood before any work without loading the library.
 */
export interface PasswordPlaces {
  /** Runs `work` in a place, or throws `refusal()` at once when every place is taken and the queue is full. */
  run<T>(work: () => Promise<T>, refusal: () => Error): Promise<T>;
  /** True while the next hash would be refused: the auth routes answer 503 before reading the request. */
  isFull(): boolean;
}

export function createPasswordPlaces(limits: PasswordPlacesLimits): PasswordPlaces {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    isFull: () => running >= limits.inProgress && queue.length >= limits.waiting,
    async run(work, refusal) {
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
    },
  };
}
