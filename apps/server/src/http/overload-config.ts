import { z } from 'zod';
import { configPiece, documented, wholeNumber } from '../config-fields';

export const overloadConfig = configPiece({
  title: 'Overload',
  variables: {
    OVERLOAD_EVENT_LOOP_DELAY_MS: documented(wholeNumber(0, 200), {
      description: 'Load shedding: while the event loop\'s mean delay is above this many milliseconds (sampled each second), every request is answered at once with 503 and `Retry-After: 5` instead of queueing; a load balancer sends the next requests elsewhere. 0 turns it off.',
    }),
    OVERLOAD_EVENT_LOOP_UTILIZATION: documented(z.coerce.number().min(0).max(1).default(0.98), {
      description: 'The same, while the event loop is busy more than this share of the time (0–1). 0 turns it off.',
    }),
    OVERLOAD_PASSWORD_HASHES_AT_ONCE: documented(wholeNumber(1, 2), {
      description: 'Password checks (sign-in, sign-up, password and two-factor settings) computed at once per process. Each takes ~60 ms of a CPU and 32 MB on Node\'s thread pool, which also signs session cookies: without a cap a sign-in flood makes every signed-in request wait.',
    }),
    OVERLOAD_PASSWORD_HASHES_WAITING: documented(wholeNumber(0, 16), {
      description: 'How many password checks may wait for a place; one more is answered at once with 503 and `Retry-After: 5`.',
    }),
  },
  build: (env) => ({
    overload: { maxEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS, maxEventLoopUtilization: env.OVERLOAD_EVENT_LOOP_UTILIZATION },
    passwordHashes: { inProgress: env.OVERLOAD_PASSWORD_HASHES_AT_ONCE, waiting: env.OVERLOAD_PASSWORD_HASHES_WAITING },
  }),
});
