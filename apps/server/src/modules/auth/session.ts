import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';

interface CurrentSession {
  user: { id: string; name: string; email: string; image: string | null; plan: string; createdAt: Date; emailVerified: boolean; twoFactorEnabled: boolean };
  session: { id: string; createdAt: Date };
}

/** The signed-in user of a request, or null. Read through `request.caller()` (caller.ts), once per request. */
export async function readSession(auth: Auth, request: FastifyRequest): Promise<CurrentSession | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
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
