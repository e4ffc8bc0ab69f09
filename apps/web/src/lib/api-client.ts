import type { ApiErrorBody } from '@cardstack/shared/http/api-error';

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

const networkErrorMessage = 'Could not reach the server. Check your connection and try again.';

async function parseError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as ApiErrorBody | undefined)?.error;
  if (error) return new ApiError(response.status, error.code, error.message, error.fields ?? {});
  // Better Auth answers { code, message } at the top level.
  const flat = body as { code?: string; message?: string } | undefined;
  return new ApiError(response.status, flat?.code ?? 'error', flat?.message ?? `Request failed (${response.status}).`);
}

/** The one way the SPA talks to the server: same-origin, cookies included, JSON in and out. */
async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network-request-failed', networkErrorMessage);
  }
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body ?? {}),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};

/**
 * Uploads a file with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * `onProgress` receives 0..1.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network-request-failed', networkErrorMessage));
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const error = (body as ApiErrorBody | undefined)?.error;
      reject(new ApiError(request.status, error?.code ?? 'error', error?.message ?? `Upload failed (${request.status}).`, error?.fields ?? {}));
    };
    request.send(form);
  });
}
