import { z } from 'zod';
import { configPiece, documented, wholeNumber } from '../config-fields';

export const overloadConfig = configPiece({
  title: 'Overload',
  variables: {
    OVERLOAD_EVENT_LOOP_DELAY_MS: documented(wholeNumber(0, 200), {
      description: 'Load shedding: while the event loop\'s mean delay is above this many milliseconds (sampled each second), every request is answered at once with 503 and `Retry-After: 5` instead of queueing; a load balancer sends the next requests elsewhere. 0 turns it off.',
    }),
    OVERLOAD_EVENT_LOOP_UTILIZATION: documented(z.coerce.number().min(0).max(1).default(0), {
      description: 'The same, while the event loop is busy more than this share of the time (0–1). Off (0) by default: a few clients that keep the server busy get each answer within milliseconds, and shedding then refuses work the server does well; queueing shows in the delay.',
    }),
    OVERLOAD_PASSWORD_HASHES_AT_ONCE: documented(wholeNumber(1, 2), {
      description: 'Password checks (sign-in, sign-up, password and two-factor settings) computed at once per process. Each takes ~60 ms of a CPU and 32 MB on Node\'s thread pool, which also signs session cookies: without a cap a sign-in flood makes every signed-in request wait.',
    }),
    OVERLOAD_PASSWORD_HASHES_WAITING: documented(wholeNumber(0, 16), {
      description: 'How many password checks may wait for a place; one more is answered at once with 503 and `Retry-After: 5`.',
    }),
    OVERLOAD_PASSWORD_HASHING_NICENESS: documented(z.coerce.number().int().min(0).max(19).default(19), {
      description: 'The nice value (Linux) of the threads that compute password hashes, above the event loop\'s 0: where they share a CPU with it, a sign-in flood uses only what visitors\' requests leave; on a machine with an idle CPU a hash takes its usual ~60 ms. 0: the same priority.',
    }),
    HTTP_LISTENING_SOCKETS: documented(z.coerce.number().int().min(1).max(256).default(64), {
      description: 'Sockets listening on the server\'s port (SO_REUSEPORT; Linux and FreeBSD, elsewhere always 1). Node accepts one new connection per socket per turn of its event loop, so under load a crowd of new connections would wait seconds in the kernel\'s queue with a single socket. 1: one socket.',
    }),
  },
  build: (env) => ({
    listeningSockets: env.HTTP_LISTENING_SOCKETS,
    overload: { maxEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS, maxEventLoopUtilization: env.OVERLOAD_EVENT_LOOP_UTILIZATION },
    passwordHashes: { inProgress: env.OVERLOAD_PASSWORD_HASHES_AT_ONCE, waiting: env.OVERLOAD_PASSWORD_HASHES_WAITING, niceness: env.OVERLOAD_PASSWORD_HASHING_NICENESS },
  }),
});
