/*
 * "The database cannot be reached right now": PostgreSQL restarting or failing over, the network between, a
 * connection the server ended. One type for every way the driver reports it, so the HTTP error handler answers
 * 503 with Retry-After (the statement did nothing, or its transaction rolled back) instead of a 500, and the
 * background work says it once instead of failing loudly in a loop (decision 0043).
 */

/** Seconds a client is asked to wait before trying again while the database is away. */
export const databaseRetryAfterSeconds = 5;

export class DatabaseUnavailableError extends Error {
  readonly code = 'database-unavailable';
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * PostgreSQL's codes for a server that is going away or not there yet: 57P01 admin shutdown (a restart, or
 * pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down, in
 * recovery), 53300 too many connections; and the whole class 08, connection exceptions.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** The socket's own failures: nothing listens, the peer went away, no route, no name (yet). */
const unavailableNetworkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says, without a code, when a connection ends, cannot be made in time or is already dead. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout expired$/,
];

function isUnavailableItself(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableStates.has(code) || code.startsWith('08') || unavailableNetworkCodes.has(code))) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message));
}

/**
 * The error as a DatabaseUnavailableError when it, or what it wraps (`cause`; an AggregateError's `errors`, as a
 * connection tried on IPv4 and IPv6 fails), says the database is away; otherwise undefined. Libraries that wrap
 * our queries (the auth library) keep the original as `cause`.
 */
export function asDatabaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof DatabaseUnavailableError) return current;
    if (isUnavailableItself(current)) return new DatabaseUnavailableError(current);
    pending.push((current as { cause?: unknown }).cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return undefined;
}

/** Rethrows a lost connection as DatabaseUnavailableError, anything else as it is. */
export function rethrowUnavailable(error: unknown): never {
  throw asDatabaseUnavailable(error) ?? error;
}
