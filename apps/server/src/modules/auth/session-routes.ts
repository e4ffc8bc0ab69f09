import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionList, type SessionSummary } from '@cardstack/shared/auth/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { notFound } from '../../http/errors';
import { webHeadersOf, type LoadAuth } from './auth-loader';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';

const toIso = (value: Date | string) => new Date(value).toISOString();

/** The caller's signed-in devices, this one first, as the browser may see them: ids, never tokens. */
export async function listSessionSummaries(loadAuth: LoadAuth, headers: Headers, currentSessionId: string): Promise<SessionSummary[]> {
  const sessions = await (await loadAuth()).api.listSessions({ headers });
  return sessions
    .map((session) => ({
      id: session.id,
      createdAt: toIso(session.createdAt),
      lastActiveAt: toIso(session.updatedAt),
      ipAddress: session.ipAddress ?? null,
      userAgent: session.userAgent ?? null,
      isCurrent: session.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/**
 * The signed-in devices of Settings → General, through Better Auth's session API. The browser sees session
 * ids, never their tokens (a token is a sign-in; the cookie holding ours is httpOnly for that reason).
 */
export function registerSessionRoutes(fastify: FastifyInstance, loadAuth: LoadAuth): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const listOwnSessions = async (headers: Headers) => (await loadAuth()).api.listSessions({ headers });

  app.get('/api/account/sessions', { config: guards.signedIn, schema: { response: { 200: sessionList } } }, async (request) => {
    const caller = await request.caller();
    return { sessions: await listSessionSummaries(loadAuth, webHeadersOf(request.headers), caller.session.id) };
  });

  app.delete('/api/account/sessions/:id', { config: guards.signedIn, schema: { params: z.object({ id: z.string().min(1).max(200) }), response: { 200: okResponse } } }, async (request) => {
    await request.caller();
    const headers = webHeadersOf(request.headers);
    const session = (await listOwnSessions(headers)).find((candidate) => candidate.id === request.params.id);
    if (!session) throw notFound(keyed('deviceSignedOut'));
    await (await loadAuth()).api.revokeSession({ body: { token: session.token }, headers });
    return { ok: true as const };
  });

  app.post('/api/account/sessions/revoke-others', { config: guards.signedIn, schema: { response: { 200: okResponse } } }, async (request) => {
    await request.caller();
    await (await loadAuth()).api.revokeOtherSessions({ headers: webHeadersOf(request.headers) });
    return { ok: true as const };
  });
}
