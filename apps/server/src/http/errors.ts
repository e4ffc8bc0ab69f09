import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ApiErrorBody } from '@cardstack/shared/http/api-error';
import { keyed, schemaMessage, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { englishText, keyedTextIn, type KeyedText } from '@cardstack/shared/i18n/keyed-text';
import { negotiateLocale, type Locale } from '@cardstack/shared/i18n/locales';
import type { AnyConnection } from '../db/schema';
import { asDatabaseUnavailable, databaseRetryAfterSeconds } from '../db/database-unavailable';
import type { ErrorLogTables } from './error-log-tables';
import { databaseUnavailablePage } from './database-unavailable-page';
import { redactUrl } from './log-redaction';
import { fieldErrorsOf, type ValidationIssue } from '@cardstack/shared/http/field-errors';

/**
 * An error a use case throws on purpose: its message is meant for the person using the product. The message and
 * the field messages are keyed (`keyed('cardNotFound')`, a catalog id with its values), so the error handler
 * answers them in the request's language; `message` and `fields` are their English, for logs and for code that
 * reads them.
 */
export class AppError extends Error {
  /** The field messages in English. */
  readonly fields?: Record<string, string>;
  /** The language to answer in whatever the request asks for (the lead form answers in its page's). */
  answerLocale?: Locale;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly keyedMessage: KeyedMessage,
    readonly keyedFields?: Record<string, KeyedMessage>,
  ) {
    super(englishText(keyedMessage));
    if (keyedFields) this.fields = textsOf(keyedFields, englishText);
  }

  /** Answered in `locale`, not in the request's language. */
  answerIn(locale: Locale): this {
    this.answerLocale = locale;
    return this;
  }

  /** The message and the field messages in words of `locale`. */
  textIn(locale: Locale): { message: string; fields?: Record<string, string> } {
    const text = keyedTextIn(locale);
    return { message: text(this.keyedMessage), ...(this.keyedFields ? { fields: textsOf(this.keyedFields, text) } : {}) };
  }
}

function textsOf(fields: Record<string, string>, text: KeyedText): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, text(message)]));
}

export const notFound = (message = keyed('notFound')) => new AppError(404, 'not-found', message);
export const forbidden = (message = keyed('forbidden')) => new AppError(403, 'forbidden', message);
export const unauthorized = () => new AppError(401, 'unauthorized', keyed('signInToContinue'));
export const badRequest = (message: KeyedMessage, fields?: Record<string, KeyedMessage>) =>
  new AppError(400, 'bad-request', message, fields);

/** A form the shared schema refused: 400 with a message per field (`fieldErrorsOf`), the first one as the message. */
export function invalidForm(issues: readonly ValidationIssue[]): AppError {
  const fields = Object.fromEntries(Object.entries(fieldErrorsOf(issues)).map(([field, message]) => [field, schemaMessage(message)]));
  return badRequest(Object.values(fields)[0] ?? keyed('checkForm'), fields);
}

/** The language a request's answers are in: its Accept-Language; English without one. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  return negotiateLocale(request.headers['accept-language']);
}

/** Seconds a client is asked to wait before trying again when the server sheds load. */
export const overloadRetryAfterSeconds = 5;
const overloadKeyed = keyed('serverBusy');
/** In English: the auth routes' answer under a flood is built once, ahead (password-places.ts). */
export const overloadMessage = englishText(overloadKeyed);
/** 503 with `Retry-After`: the server is shedding load, the request did nothing. */
export const overloaded = () =>
  Object.assign(new AppError(503, 'overloaded', overloadKeyed), { retryAfterSeconds: overloadRetryAfterSeconds });

const databaseUnavailableMessage = keyed('databaseUnavailable');

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

const brokenUploadMessage = keyed('uploadUnreadable');

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
 * Messages are in the request's language (Accept-Language; English without one, as they always were).
 */
export function registerErrorHandler(app: FastifyInstance, db: AnyConnection): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    const text = keyedTextIn(locale);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'form';
        fields[field] ??= text(issue.message ?? keyed('invalidValue'));
      }
      const first = Object.entries(fields)[0];
      const message = first ? (first[0] === 'form' ? first[1] : `${first[0]}: ${first[1]}`) : text(keyed('invalidInput'));
      return reply.status(400).send(errorBody('validation', message, fields));
    }
    // The database is restarting or failing over (decision 0043): the request did nothing, or its transaction
    // rolled back. Not an error of ours to record (the error log is in that database; the outage is logged once).
    if (asDatabaseUnavailable(error)) {
      reply.header('retry-after', String(databaseRetryAfterSeconds)).header('cache-control', 'no-store');
      if (isPageRequest(request)) {
        // The page says its language is English (database-unavailable-page.tsx): its message stays English too.
        return reply.status(503).type('text/html; charset=utf-8').send(databaseUnavailablePage(englishText(databaseUnavailableMessage)));
      }
      return reply.status(503).send(errorBody('database-unavailable', text(databaseUnavailableMessage)));
    }
    if (error instanceof AppError) {
      // A rate limit says when to come back.
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      const { message, fields } = error.textIn(error.answerLocale ?? locale);
      return reply.status(error.statusCode).send(errorBody(error.code, message, fields));
    }
    if (isBrokenUpload(request, error)) {
      const message = text(brokenUploadMessage);
      return reply.status(400).send(errorBody('bad-upload', message, { file: message }));
    }
    const status = error.statusCode ?? 500;
    // Shed by a library's own guard (the password hashing cap, reached through the auth library's API).
    if (status === 503) {
      reply.header('retry-after', String(overloadRetryAfterSeconds));
      return reply.status(503).send(errorBody('overloaded', text(overloadKeyed)));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): their messages are safe, and
      // in English (they name the protocol's terms; only a client program sends such a request).
      const message = status === 413 ? text(keyed('uploadTooLarge')) : error.message;
      return reply.status(status).send(errorBody(error.code ?? 'bad-request', message));
    }
    const where = { method: request.method, url: redactUrl(request.url) };
    request.log.error({ err: error, ...where }, 'unexpected error');
    await recordError(db, error.message, where);
    return reply.status(500).send(errorBody('internal', text(keyed('internalError'))));
  });
}
