import type { AnyConnection } from '../../db/schema';
import type { AppModule } from '../module-contract';
import type { RateLimiter } from '../rate-limit/rate-limit-module';
import { exportJob, expireExportsJob, importJob, type AccountArchiveDeps } from './account-archive-deps';
import * as repository from './account-archive-repository';
import { buildExport, expireExports } from './account-export';
import { runImport } from './account-import';
import { registerAccountArchiveRoutes } from './account-archive-routes';

/*
 * The account archive's public entry: "Download my data" (an export job builds one ZIP from every module's
 * `accountArchive` part; deleted 7 days after it was built), "Import from another server" (a checked upload worked
 * by a job in one transaction, with a report), and the moves answer another server asks for
 * (docs/moving-an-account.md). Create it after every module that has a part.
 */
export type { AccountArchiveTables } from './account-archive-tables';
export { expireExports as expireAccountExports } from './account-export';

/** A user's exports' ids, newest first: the archives a moved account's old server may be asked about. */
export function listAccountExportIds(db: AnyConnection, userId: string): Promise<string[]> {
  return repository.listExportIds(db, userId);
}

export function createAccountArchiveModule(needs: Omit<AccountArchiveDeps, 'now'> & { rateLimiter: RateLimiter; now?: () => Date }): AppModule {
  const { rateLimiter, ...rest } = needs;
  const deps: AccountArchiveDeps = { ...rest, now: needs.now ?? (() => new Date()) };
  return {
    name: 'account-archive',
    routes: (app) => registerAccountArchiveRoutes(app, deps, rateLimiter),
    jobs: (runner) => {
      runner.register<{ exportId: string }>(exportJob, (payload, context) => buildExport(deps, payload, context.attempt));
      runner.register<{ importId: string }>(importJob, (payload, context) => runImport(deps, payload, context.attempt));
      runner.register(expireExportsJob, async () => {
        await expireExports(deps, deps.now());
      });
      // Hourly, so an archive is gone within the hour after its 7 days (the download refuses it from the minute).
      runner.schedule(expireExportsJob, '25 * * * *');
    },
    // The account's archives and uploads go with it, and so do its exports' records: a deleted account moved nowhere.
    onAccountDeleted: async (trx, account) => {
      const files = [...(await repository.listExportFilesOf(trx, account.userId)), ...(await repository.deleteImportsOf(trx, account.userId))];
      await repository.deleteExportsOf(trx, account.userId);
      return async () => {
        for (const key of files) await deps.storage.delete(key).catch(() => undefined);
      };
    },
  };
}
