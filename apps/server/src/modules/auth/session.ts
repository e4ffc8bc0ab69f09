import type { FastifyRequest } from 'fastify';
import { webHeadersOf, type LoadAuth } from './auth-loader';

interface CurrentSession {
  user: { id: string; name: string; email: string; image: string | null; plan: string; createdAt: Date; emailVerified: boolean; twoFactorEnabled: boolean };
  session: { id: string; createdAt: Date };
}

/** The signed-in user of a request, or null. Read through `request.caller()` (caller.ts), once per request. */
export async function readSession(loadAuth: LoadAuth, request: FastifyRequest): Promise<CurrentSession | null> {
  // Without the session cookie Better Auth finds no session either: anonymous requests (visitors, bots on the
  // API) get their answer without loading the library.
  if (!mayHaveSession(request)) return null;
  const auth = await loadAuth();
  const result = await auth.api.getSession({ headers: webHeadersOf(request.headers) });
  if (!result) return null;
  const { user, session } = result;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image ?? null,
      plan: (user as { plan?: string }).plan ?? 'basic',
      createdAt: new Date(user.createdAt),
      emailVerified: Boolean(user.emailVerified),
      twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    },
    session: { id: session.id, createdAt: new Date(session.createdAt) },
  };
}

/**
 * The end of the name of Better Auth's session cookie (`better-auth.session_token`, with a `__Secure-` prefix on
 * HTTPS): the library's default, which auth.ts keeps (no `advanced.cookiePrefix`, no `cookies` option).
 */
const sessionCookieName = 'better-auth.session_token=';

/** False when the request carries no session cookie, so nobody can be signed in; read without loading Better Auth. */
export function mayHaveSession(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes(sessionCookieName) === true;
}
