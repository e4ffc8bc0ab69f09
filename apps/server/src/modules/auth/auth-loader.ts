import type { IncomingHttpHeaders } from 'node:http';
import type { Auth, createAuth } from './auth';

/*
 * Better Auth is the largest library the server holds (about 25 MB of RSS once loaded, more than Fastify), and
 * an idle server, /healthz and the public card pages for visitors never use it. So `./auth` (the only module
 * that imports the library) is loaded by the first request that needs it: a sign-in, a session cookie to read,
 * an API token's user. This file and every module that runs before that import nothing from `better-auth`
 * (nor `./auth` itself: the `import type` below is erased), or the bundle would load the library at start.
 */

/** Better Auth, loaded and set up on first use; every later call gets the same instance. */
export type LoadAuth = () => Promise<Auth>;

type AuthDeps = Parameters<typeof createAuth>[0];

export function createAuthLoader(deps: AuthDeps): LoadAuth {
  let loading: Promise<Auth> | undefined;
  return () => {
    loading ??= import('./auth').then(
      (module) => module.createAuth(deps),
      (error: unknown) => {
        // The next request tries again (a passing failure such as too many open files need not last); this
        // one fails with a message that names what is missing instead of a bare module error.
        loading = undefined;
        throw new Error(`Could not load the sign-in library (better-auth): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      },
    );
    return loading;
  };
}

/** The Fetch API headers Better Auth's calls take, from a Node request's (what `better-auth/node`'s `fromNodeHeaders` does). */
export function webHeadersOf(nodeHeaders: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  return headers;
}

/** An error Better Auth's API calls throw (what `better-auth/api`'s `isAPIError` checks: the library names them so). */
export function isAuthApiError(error: unknown): error is Error & { body?: { code?: string; message?: string } } {
  return error instanceof Error && error.name === 'APIError';
}
