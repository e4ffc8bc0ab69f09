import type { AnyConnection } from '../../db/schema';
import type { AppModule } from '../module-contract';
import type { RateLimiter } from '../rate-limit/rate-limit-module';
import type { AccountMovesDeps } from './account-move';
import { deleteAccountMove, findCardMoveTarget } from './account-moves-repository';
import { registerAccountMovesRoutes } from './account-moves-routes';

/*
 * A moved account, on the server it left (docs/decisions/0057-the-old-addresses-follow.md): Settings → General,
 * "This account moved" (`/api/account/move`), and where each moved card went — the public page and the wallet
 * passes ask `movedCardUrl` (app.ts hands it to them), so their modules need not know this one.
 */
export type { AccountMoveTables } from './account-moves-tables';
export type { AccountMovesDeps } from './account-move';

/** Where a moved card's public addresses redirect (its page on the new server); null for a card that did not move. */
export function movedCardUrl(db: AnyConnection, cardId: string): Promise<string | null> {
  return findCardMoveTarget(db, cardId);
}

export function createAccountMovesModule(needs: AccountMovesDeps & { rateLimiter: RateLimiter }): AppModule {
  return {
    name: 'account-moves',
    routes: (app) => registerAccountMovesRoutes(app, needs),
    onAccountDeleted: async (trx, account) => {
      await deleteAccountMove(trx, account.userId);
    },
  };
}
