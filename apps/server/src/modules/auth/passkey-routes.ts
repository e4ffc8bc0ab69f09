import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passkeyList, renamePasskeyInput, type PasskeySummary } from '@cardstack/shared/auth/passkeys';
import { okResponse } from '@cardstack/shared/http/answers';
import type { AnyConnection } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { MailOutbox } from '../mail/mail-module';
import { deletePasskey, listPasskeys, renamePasskey, type StoredPasskey } from './passkey-repository';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';

export interface PasskeyRouteDeps {
  db: AnyConnection;
  outbox: MailOutbox;
}

const summaryOf = (passkey: StoredPasskey): PasskeySummary => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt,
  lastUsedAt: passkey.lastUsedAt,
  isSynced: passkey.isBackedUp,
});

const gone = () => notFound(keyed('passkeyRemoved'));

/** Settings → General's passkeys: listed, renamed and removed by their owner (added through the sign-in routes). */
export function registerPasskeyRoutes(fastify: FastifyInstance, deps: PasskeyRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string().min(1).max(100) });

  app.get('/api/account/passkeys', { config: guards.signedIn, schema: { response: { 200: passkeyList } } }, async (request) => {
    const caller = await request.caller();
    return { passkeys: (await listPasskeys(deps.db, caller.userId)).map(summaryOf) };
  });

  app.patch('/api/account/passkeys/:id', { config: guards.signedIn, schema: { params, body: renamePasskeyInput, response: { 200: okResponse } } }, async (request) => {
    const caller = await request.caller();
    if (!(await renamePasskey(deps.db, caller.userId, request.params.id, request.body.name))) throw gone();
    return { ok: true as const };
  });

  app.delete('/api/account/passkeys/:id', { config: guards.signedIn, schema: { params, response: { 200: okResponse } } }, async (request) => {
    const caller = await request.caller();
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const name = await deletePasskey(trx, caller.userId, request.params.id);
      if (name === null) throw gone();
      await deps.outbox.securityNotice(trx, caller.email, { displayName: caller.name, change: 'sign-in-method-removed', method: 'passkey', detail: name });
    });
    return { ok: true as const };
  });
}
