import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers a request itself and returns true, or returns false and leaves it to Fastify untouched. The few
 * requests worth answering before the framework (docs/decisions/0046-public-page-before-the-framework.md): the
 * cached public card page, and the refusal of password checks while every place for a hash is taken.
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The first of `answers` that answers; false when none does. */
export const firstOf =
  (answers: EarlyAnswer[]): EarlyAnswer =>
  (request, response) => {
    for (const answer of answers) if (answer(request, response)) return true;
    return false;
  };

/**
 * Puts `answer` in front of Fastify's own handler on its HTTP server, so the server keeps Fastify's settings
 * (timeouts, keep-alive) exactly; what `answer` leaves goes to Fastify as before.
 */
export function answerBeforeFastify(server: { listeners(event: 'request'): unknown[]; removeAllListeners(event: 'request'): unknown; on(event: 'request', listener: (request: IncomingMessage, response: ServerResponse) => void): unknown }, answer: EarlyAnswer): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`expected Fastify's one request handler, found ${handlers.length}`);
  const fastify = handlers[0]!;
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    let isAnswered = false;
    try {
      isAnswered = answer(request, response);
    } catch {
      // A listener of the server's own 'request' event has nothing above it: an exception would end the process.
      // Fastify answers instead, with its error handling and log.
      isAnswered = response.headersSent;
    }
    if (!isAnswered) fastify(request, response);
  });
}
