import type { Kysely } from 'kysely';
import type { AnyConnection } from '../db/schema';
import type { AppModule } from '../modules/module-contract';
import type { ErrorLogTables } from './error-log-tables';

export const errorLogPruneJob = 'error-log.prune';

/** Deletes error log entries older than the retention; returns how many went. */
export async function pruneErrorLog(connection: AnyConnection, retentionDays: number, now = new Date()): Promise<number> {
  const db: Kysely<ErrorLogTables> = connection;
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const result = await db.deleteFrom('error_log').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The error log's part of the app: pruned daily (03:20 UTC) to `retentionDays`. */
export function createErrorLogModule(deps: { db: AnyConnection; retentionDays: number }): AppModule {
  return {
    name: 'error-log',
    jobs(runner) {
      runner.register(errorLogPruneJob, async () => {
        await pruneErrorLog(deps.db, deps.retentionDays);
      });
      runner.schedule(errorLogPruneJob, '20 3 * * *');
    },
  };
}

/** The newest entries, for the operator console. */
export async function listRecentErrors(connection: AnyConnection, limit: number) {
  const db: Kysely<ErrorLogTables> = connection;
  const rows = await db.selectFrom('error_log').select(['id', 'message', 'context', 'created_at']).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, message: row.message, context: row.context, createdAt: row.created_at }));
}
