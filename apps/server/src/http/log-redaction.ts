import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * Request logs must not carry the secrets some addresses hold: an invitation link's token is a path segment,
 * and sign-in flows put one-time tokens and codes in the query. They are replaced before the line is written.
 * Nor do they carry the client's address (socket address, port, X-Forwarded-For): the product stores no IP
 * addresses, and a log is stored too.
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

/** A request as any log line shows it (`req`): method, address with its secrets redacted, host; never the client. */
export function requestLogValue(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host };
}

/**
 * ACCESS_LOG=true: one line per answered request (`"msg":"request"`) with its method, route pattern, address
 * (redacted), status and time in milliseconds. Off by default, so a public card's visitors leave no trace in the
 * log. Registered before the routes, so every route and the not-found answer are logged.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        url: redactUrl(request.url),
        status: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
