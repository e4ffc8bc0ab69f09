import type { OutgoingHttpHeaders } from 'node:http';
import type { EarlyAnswer } from '../../http/early-answers';
import { overloadRetryAfterSeconds } from '../../http/errors';
import { hashesPassword } from './auth-routes';
import { placesFullAnswer, type PasswordPlaces } from './password-places';

export interface PasswordFloodRefusal {
  /** Answers 503 to a password check while every place for a hash is taken; leaves everything else. */
  answer: EarlyAnswer;
  /** The headers Fastify gives an /api/auth answer (the security headers): the refusal answers only once it has them. */
  adoptHeaders(headers: OutgoingHttpHeaders): void;
}

/** How long a refused password check waits before its answer. */
export const refusalPauseMs = 1000;

/** Set per answer by Node or by the refusal itself. */
const ownHeaders = new Set(['content-length', 'content-type', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'retry-after', 'vary']);

/**
 * The auth routes' refusal under a sign-in flood (`registerAuthRoutes` answers the same: 503, Retry-After and the
 * library's answer shape), answered before Fastify and after a pause. A flood keeps every place for a hash
 * taken, so nearly all of its requests are refused; through the framework each refusal cost about as much as a
 * signed-in request, and a few hundred attackers' connections took the event loop from every visitor. Here it
 * costs what the cached public page costs (docs/decisions/0049-fair-under-a-crowd-and-a-flood.md).
 */
export function createPasswordFloodRefusal(places: PasswordPlaces): PasswordFloodRefusal {
  const body = Buffer.from(JSON.stringify(placesFullAnswer));
  let headers: OutgoingHttpHeaders | null = null;
  return {
    adoptHeaders(adopted) {
      headers = {
        ...Object.fromEntries(Object.entries(adopted).filter(([name]) => !ownHeaders.has(name.toLowerCase()))),
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
        'retry-after': String(overloadRetryAfterSeconds),
      };
    },
    answer(request, response) {
      if (request.method !== 'POST' || headers === null || !places.isFull()) return false;
      const url = request.url ?? '';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      if (!path.startsWith('/api/auth/') || !hashesPassword('POST', path.slice('/api/auth'.length))) return false;
      // Answered after a pause: a flood's connection asks again the moment it is answered, so at once it would
      // ask thousands of times a second and take the event loop from every visitor; paused, once a second. A
      // person waits a second more for an answer that says to come back in five.
      const answer = headers;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(503, answer);
        response.end(body);
      }, refusalPauseMs).unref();
      return true;
    },
  };
}
