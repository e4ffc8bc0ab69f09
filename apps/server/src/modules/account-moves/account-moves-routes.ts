import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMoveInput, accountMoveResponse } from '@cardstack/shared/account/account-move-settings';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { guards } from '../../http/route-guard';
import { limitPerAddress, type RateLimiter } from '../rate-limit/rate-limit-module';
import { accountMoveOf, moveAccount, undoAccountMove, type AccountMovesDeps } from './account-move';

/** Each POST asks another server: a few per client address in a window, so the server cannot be made to knock in bulk. */
const moveCheckLimit = { max: 10, windowSeconds: 600 };

/**
 * /api/account/move: the signed-in owner's own account only (the session's user; API keys never reach /api/account).
 * GET shows the move, POST records it (asking the new server), DELETE undoes it.
 */
export function registerAccountMovesRoutes(fastify: FastifyInstance, deps: AccountMovesDeps & { rateLimiter: RateLimiter }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const response = { 200: accountMoveResponse };

  app.get('/api/account/move', { config: guards.signedIn, schema: { response } }, async (request) => {
    const caller = await request.caller();
    return { move: await accountMoveOf(deps, caller.userId) };
  });

  app.post(
    '/api/account/move',
    {
      config: { guard: { caller: 'signed-in', rateLimit: limitPerAddress(deps.rateLimiter, 'account-move', moveCheckLimit, keyed('tooManyMoveChecks')) } },
      schema: { body: accountMoveInput, response },
    },
    async (request) => {
      const caller = await request.caller();
      return { move: await moveAccount(deps, caller.userId, request.body.address) };
    },
  );

  app.delete('/api/account/move', { config: guards.signedIn, schema: { response } }, async (request) => {
    const caller = await request.caller();
    await undoAccountMove(deps, caller.userId);
    return { move: null };
  });
}
