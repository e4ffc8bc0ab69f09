import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import type { JobEngine } from './job-queue';

/*
 * The job engine's public entry. The composition root builds one engine from the database it runs on
 * (SQLite: the in-process engine; PostgreSQL: pg-boss) and hands features the `JobQueue` to enqueue with;
 * each module with job kinds exports `register<Module>Jobs(runner, deps)`.
 */
export type { EnqueueOptions, JobAdmin, JobEngine, JobExecutor, JobQueue, JobRunner, JobStatus, JobSummary } from './job-queue';
export { jobStatuses } from './job-queue';
export { runEvery, type Repeating } from './run-every';

export interface JobEngineOptions {
  database: DatabaseHandle;
  logger: Logger;
  pollIntervalMs: number;
  /** Test knobs: a short lease or expiry, a short stop timeout. */
  leaseMs?: number;
  stopTimeoutMs?: number;
  maintenanceIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
}

/** pg-boss's schema: `pgboss`, or beside the tables' own schema when they have one (tests give each file one). */
export function pgBossSchemaOf(database: Pick<DatabaseHandle, 'schema'>): string {
  return database.schema ? `${database.schema}_jobs` : 'pgboss';
}

export async function createJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { database, logger } = options;
  if (database.dialect === 'postgres') {
    // pg-boss is loaded only where it runs.
    const { createPgBossJobEngine } = await import('./pg-boss-job-engine');
    return createPgBossJobEngine({
      db: database.db,
      pool: database.pool!,
      ...(database.poolQuery ? { poolQuery: database.poolQuery } : {}),
      logger,
      schema: pgBossSchemaOf(database),
      pollIntervalMs: options.pollIntervalMs,
      ...(options.leaseMs ? { expireInSeconds: Math.max(1, Math.round(options.leaseMs / 1000)) } : {}),
      ...(options.stopTimeoutMs ? { stopTimeoutMs: options.stopTimeoutMs } : {}),
      ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
      ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
    });
  }
  const { createSqliteJobEngine } = await import('./sqlite-job-engine');
  return createSqliteJobEngine({
    db: database.db,
    logger,
    pollIntervalMs: options.pollIntervalMs,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.stopTimeoutMs ? { stopTimeoutMs: options.stopTimeoutMs } : {}),
  });
}
