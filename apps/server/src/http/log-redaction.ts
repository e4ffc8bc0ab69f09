import type { FastifyRequest } from 'fastify';

/*
 * Request logs must not carry the secrets some addresses hold: an invitation link's token is a path segment,
 * and sign-in flows put one-time tokens and codes in the query. They are replaced before the line is written.
 */

/** Paths whose next segment is a secret. */
const secretPathPrefixes = ['/invite/', '/api/auth/reset-password/'];
/** Query parameters whose value is a secret. */
const secretQueryNames = new Set(['token', 'code', 'state', 'secret', 'key', 'password']);
const redacted = '[redacted]';

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  for (const prefix of secretPathPrefixes) {
    if (path.startsWith(prefix) && path.length > prefix.length) {
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      path = `${prefix}${redacted}${slash === -1 ? '' : rest.slice(slash)}`;
    }
  }
  if (query === '') return path;
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    const name = decodeURIComponentSafe(equals === -1 ? part : part.slice(0, equals)).toLowerCase();
    return equals !== -1 && secretQueryNames.has(name) ? `${part.slice(0, equals)}=${redacted}` : part;
  });
  return `${path}?${parts.join('&')}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Fastify's request log line, with the address redacted. */
export function requestLogValue(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}
