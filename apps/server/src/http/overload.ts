import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { overloaded, overloadRetryAfterSeconds } from './errors';

/**
 * Sheds load instead of queueing without bound: while the event loop lags (mean delay above
 * `maxEventLoopDelayMs`) or is busy nearly all the time (utilization above `maxEventLoopUtilization`), both
 * sampled every second, every request is answered at once with 503 and `Retry-After`, before any other work
 * (the first hook), so the requests already accepted can finish and a load balancer can send the next ones to
 * another process. Utilization catches what delay does not: work that yields often (password hashing) keeps
 * each delay short while the queue behind it grows. 0 turns a signal off.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number },
): Promise<void> {
  if (options.maxEventLoopDelayMs <= 0 && options.maxEventLoopUtilization <= 0) return;
  await app.register(underPressure, {
    ...(options.maxEventLoopDelayMs > 0 ? { maxEventLoopDelay: options.maxEventLoopDelayMs } : {}),
    ...(options.maxEventLoopUtilization > 0 ? { maxEventLoopUtilization: options.maxEventLoopUtilization } : {}),
    retryAfter: overloadRetryAfterSeconds,
    // Rejecting hands the error to the app's error handler: 503, `Retry-After` and the API's error shape.
    pressureHandler: async () => {
      throw overloaded();
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The overload guard's handler for this route; one that returns nothing lets the request through, a
     * rejected promise answers with its error (`overloaded()`: 503 and `Retry-After`).
     */
    pressureHandler?: (request: FastifyRequest) => undefined | Promise<never>;
  }
}

/**
 * A route's config that the overload guard lets through: the liveness probe (a lagging process is alive, and
 * restarting it would lose its work) and the metrics (scraped under load too: that is when they matter).
 */
export const answersUnderLoad = { pressureHandler: (): undefined => undefined } as const;
