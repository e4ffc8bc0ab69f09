import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ApiErrorBody } from '@cardstack/shared/http/api-error';
import type { AnyConnection } from '../db/schema';
import { asDatabaseUnavailable, databaseRetryAfterSeconds } from '../db/database-unavailable';
import type { ErrorLogTables } from './error-log-tables';
import { databaseUnavailablePage } from './database-unavailable-page';
import { redactUrl } from './log-redaction';
import { fieldErrorsOf, type ValidationIssue } from '@cardstack/shared/http/field-errors';

/** An error a use case throws on purpose: its message is meant for the person using the product. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'not-found', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'forbidden', message);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Sign in to continue.');
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad-request', message, fields);

/** A form the shared schema refused: 400 with a message per field (`fieldErrorsOf`), the first one as the message. */
export function invalidForm(issues: readonly ValidationIssue[]): AppError {
  const fields = fieldErrorsOf(issues);
  return badRequest(Object.values(fields)[0] ?? 'Check the form.', fields);
}

/** Seconds a client is asked to wait before trying again when the server sheds load. */
export const overloadRetryAfterSeconds = 5;
export const overloadMessage = 'The server is busy. Please try again in a few seconds.';
/** 503 with `Retry-After`: the server is shedding load, the request did nothing. */
export const overloaded = () =>
  Object.assign(new AppError(503, 'overloaded', overloadMessage), { retryAfterSeconds: overloadRetryAfterSeconds });

export const databaseUnavailableMessage = 'We cannot reach our database for a moment. Please try again in a few seconds.';

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** Records an unexpected error in the error log table; never throws (logging must not fail a request twice). */
export async function recordError(connection: AnyConnection, message: string, context?: unknown): Promise<void> {
  const db: Kysely<ErrorLogTables> = connection;
  try {
    await db
      .insertInto('error_log')
      .values({
        id: crypto.randomUUID(),
        message: message.slice(0, 4000),
        context: context === undefined ? null : JSON.stringify(context).slice(0, 4000),
        created_at: new Date().toISOString(),
      })
      .execute();
  } catch {
    // The database itself may be what failed; the pino log still has the error.
  }
}

/** A browser opening a page or posting a form without JavaScript: it asks for HTML, not JSON. */
function isPageRequest(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return /text\/html/i.test(accept) && !/application\/json/i.test(accept);
}

const brokenUploadMessage = 'The upload could not be read. Choose the file again.';

/**
 * A multipart body the parser cannot read (no boundary, cut off, a part that never ends): the client's
 * mistake, not ours. The parser reports it with plain errors, known by their messages.
 */
function isBrokenUpload(request: FastifyRequest, error: FastifyError): boolean {
  if (error.statusCode !== undefined || !request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return false;
  return /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/.test(
    error.message,
  );
}

/**
 * One error handler for the whole API: validation problems become 400 with a message per field, known
 * errors keep their status and message, anything else is logged, recorded and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance, db: AnyConnection): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'form';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first ? (first[0] === 'form' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid input.';
      return reply.status(400).send(errorBody('validation', message, fields));
    }
    // The database is restarting or failing over (decision 0043): the request did nothing, or its transaction
    // rolled back. Not an error of ours to record (the error log is in that database; the outage is logged once).
    if (asDatabaseUnavailable(error)) {
      reply.header('retry-after', String(databaseRetryAfterSeconds)).header('cache-control', 'no-store');
      if (isPageRequest(request)) {
        return reply.status(503).type('text/html; charset=utf-8').send(databaseUnavailablePage(databaseUnavailableMessage));
      }
      return reply.status(503).send(errorBody('database-unavailable', databaseUnavailableMessage));
    }
    if (error instanceof AppError) {
      // A rate limit says when to come back.
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (isBrokenUpload(request, error)) {
      return reply.status(400).send(errorBody('bad-upload', brokenUploadMessage, { file: brokenUploadMessage }));
    }
    const status = error.statusCode ?? 500;
    // Shed by a library's own guard (the password hashing cap, reached through the auth library's API).
    if (status === 503) {
      reply.header('retry-after', String(overloadRetryAfterSeconds));
      return reply.status(503).send(errorBody('overloaded', overloadMessage));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): their messages are safe.
      const message = status === 413 ? 'The upload is too large.' : error.message;
      return reply.status(status).send(errorBody(error.code ?? 'bad-request', message));
    }
    const where = { method: request.method, url: redactUrl(request.url) };
    request.log.error({ err: error, ...where }, 'unexpected error');
    await recordError(db, error.message, where);
    return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });
}
