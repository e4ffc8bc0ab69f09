import type { z } from 'zod';
import type { ApiErrorBody } from '@cardstack/shared/http/api-error';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { appLanguage } from './i18n/app-locale';
import { validationText } from './validation-messages';

/** An API answer that was not 2xx, with the server's message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

// The app's own messages for a request the server never answered (or answered with nothing to read).
const networkFailed = () => validationText(keyed('networkFailed'));
const unexpectedAnswer = () => validationText(keyed('unexpectedAnswer'));

async function parseError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return errorOfBody(response.status, body);
}

function errorOfBody(status: number, body: unknown): ApiError {
  const error = (body as ApiErrorBody | undefined)?.error;
  if (error) return new ApiError(status, error.code, error.message, error.fields ?? {});
  // Better Auth answers { code, message } at the top level.
  const flat = body as { code?: string; message?: string } | undefined;
  return new ApiError(status, flat?.code ?? 'error', flat?.message ?? validationText(keyed('requestFailed', { status })));
}

/**
 * A 2xx answer is read only through the schema the server's answer is declared with (in @cardstack/shared): an
 * answer of another shape is a failure the page reports, not data it half-shows.
 */
function parseAnswer<Schema extends z.ZodType>(method: string, url: string, schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  console.error(`${method} ${url}: the answer does not match its schema`, parsed.error.issues);
  throw new ApiError(0, 'unexpected-response', unexpectedAnswer());
}

/**
 * The one way the SPA talks to the server: same-origin, cookies included, JSON (or a form) in, and the answer
 * parsed with its schema. A 204 is read as an empty body.
 */
async function apiRequest<Schema extends z.ZodType>(method: string, url: string, schema: Schema, body?: unknown): Promise<z.output<Schema>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      // The server's messages (a refusal, a field's error) come back in the app's language.
      headers: { 'accept-language': appLanguage(), ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network-request-failed', networkFailed());
  }
  if (!response.ok) throw await parseError(response);
  const text = response.status === 204 ? '' : await response.text();
  let answer: unknown;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(0, 'unexpected-response', unexpectedAnswer());
  }
  return parseAnswer(method, url, schema, answer);
}

/** Requests by method: `api.get(url, schema)`, `api.post(url, schema, body)`; a body-less POST sends `{}`. */
export const api = {
  get: <Schema extends z.ZodType>(url: string, schema: Schema) => apiRequest('GET', url, schema),
  post: <Schema extends z.ZodType>(url: string, schema: Schema, body: unknown = {}) => apiRequest('POST', url, schema, body),
  patch: <Schema extends z.ZodType>(url: string, schema: Schema, body: unknown = {}) => apiRequest('PATCH', url, schema, body),
  put: <Schema extends z.ZodType>(url: string, schema: Schema, body: unknown = {}) => apiRequest('PUT', url, schema, body),
  delete: <Schema extends z.ZodType>(url: string, schema: Schema) => apiRequest('DELETE', url, schema),
};

/**
 * Uploads a file with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * `onProgress` receives 0..1.
 */
export function uploadWithProgress<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<z.output<Schema>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network-request-failed', networkFailed()));
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status < 200 || request.status >= 300) {
        reject(errorOfBody(request.status, body));
        return;
      }
      try {
        const answer = parseAnswer('POST', url, schema, body);
        onProgress(1);
        resolve(answer);
      } catch (error) {
        reject(error);
      }
    };
    request.send(form);
  });
}
