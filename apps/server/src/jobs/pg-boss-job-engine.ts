import { sql } from 'kysely';
import type { Pool } from 'pg';
import { fromKysely, PgBoss, type Clock, type Db, type Job, type Queue } from 'pg-boss';
import type { Logger } from 'pino';
import type { AnyConnection } from '../db/schema';
import { asDatabaseUnavailable } from '../db/database-unavailable';
import {
  defaultRetryDelaySeconds,
  defaultRetryLimit,
  errorMessage,
  scheduledJobRetry,
  jobStatuses,
  type JobAdmin,
  type JobEngine,
  type JobExecutor,
  type JobHandler,
  type JobStatus,
  type JobSummary,
} from './job-queue';
import { copyPgBoss10Jobs, setAsidePgBoss10Schema } from './pg-boss-10-upgrade';

/*
 * The PostgreSQL engine: pg-boss 12, in its own schema, over the application's own connection pool. Jobs are
 * inserted through the caller's Kysely transaction, so a job exists exactly when the change that caused it
 * commits. pg-boss claims with SKIP LOCKED (each job runs once across processes), fails a job that stays
 * active past its expiry (a killed process) so it runs again, retries with backoff, copies jobs that used up
 * their retries to the dead letter queue, and fires each schedule once per time across all processes.
 */

export interface PgBossJobEngineOptions {
  db: AnyConnection;
  /** The pool under `db`: pg-boss's own statements run on it (see `poolDb`). */
  pool: Pool;
  /**
   * A statement on `pool` that reports a lost connection as DatabaseUnavailableError (the database handle's
   * `poolQuery`, which also tells its outage tracker); `pool.query` when not given.
   */
  poolQuery?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  logger: Logger;
  /** pg-boss's schema (its tables live apart from ours). */
  schema: string;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollIntervalMs: number;
  /** A job active longer than this is taken to belong to a dead process and runs again. */
  expireInSeconds?: number;
  /** How often the maintenance (expiry of jobs whose process died) and the cron check run. */
  maintenanceIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  /** How long `stop()` waits for running jobs before it hands them back. */
  stopTimeoutMs?: number;
}

/** Where jobs that used up their retries are copied; nothing works it, it is the operator's record. */
export const deadLetterQueue = 'jobs.dead';

const statusOfState: Record<string, JobStatus> = {
  created: 'queued',
  retry: 'failed',
  active: 'running',
  completed: 'done',
  cancelled: 'done',
  failed: 'dead',
};
const statesOfStatus: Record<JobStatus, string[]> = {
  queued: ['created'],
  failed: ['retry'],
  running: ['active'],
  done: ['completed', 'cancelled'],
  dead: ['failed'],
};

/**
 * pg-boss's SQL on our pool, answered with pg's own result: pg-boss reads the rows of every statement of its
 * multi-statement texts (maintenance, background index builds), which Kysely's driver would drop. A statement
 * that fails inside such a text (`BEGIN … COMMIT`) does not poison the pool: `pool.query` discards a
 * connection whose query failed instead of handing its aborted transaction to the next user.
 */
function poolDb(query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>): Db {
  return { executeSql: (text, values) => query(text, values) as ReturnType<Db['executeSql']> };
}

/** pg-boss's timers never keep a process alive by themselves: the jobs CLI exits when its command is done. */
const unrefClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout),
};

export async function createPgBossJobEngine(options: PgBossJobEngineOptions): Promise<JobEngine> {
  const { db, pool, logger, schema } = options;
  const quotedSchema = `"${schema.replace(/"/g, '""')}"`;
  const expireInSeconds = options.expireInSeconds ?? 15 * 60;
  const handlers = new Map<string, JobHandler<unknown>>();
  const schedules = new Map<string, { cron: string; payload: Record<string, unknown> }>();
  const queues = new Map<string, Promise<void>>();
  const query = options.poolQuery ?? ((text: string, values?: unknown[]) => pool.query(text, values));
  const onError = (error: unknown) => {
    // Once the database is closed, pg-boss's housekeeping timers fail until the process ends: nothing to report.
    // While the database is away, its workers keep polling and fail each time: the database handle logs the
    // outage once (and its end), and the workers pick up again on the first poll that gets through.
    if (!pool.ending && !asDatabaseUnavailable(error)) logger.error({ err: error }, 'job engine error');
  };

  // Sends, queues and the operator's view: migrates pg-boss's schema, but runs no worker, maintenance or cron,
  // and leaves no row in pg-boss's registry of working instances.
  const boss = new PgBoss({ db: poolDb(query), schema, clock: unrefClock, supervise: false, schedule: false, migrate: true, registerInstance: false });
  boss.on('error', onError);
  await setAsidePgBoss10Schema(db, schema);
  // Processes starting together on a fresh database both install pg-boss's schema. pg-boss serialises them with
  // an advisory lock, but the second can still fail on the schema's name (PostgreSQL's catalog cache is not
  // refreshed by an advisory lock); a later attempt (pg-boss waits 1 s, then 2 s…) finds it installed.
  await boss.start({ attempts: 5 });
  let worker: PgBoss | undefined;

  function ensureQueue(kind: string): Promise<void> {
    let created = queues.get(kind);
    if (!created) {
      const queue: Omit<Queue, 'name'> = kind === deadLetterQueue ? {} : { deadLetter: deadLetterQueue, expireInSeconds };
      created = boss.createQueue(kind, queue);
      created.catch(() => queues.delete(kind));
      queues.set(kind, created);
    }
    return created;
  }
  await ensureQueue(deadLetterQueue);
  await copyPgBoss10Jobs(db, schema, ensureQueue, logger);

  async function runAndSettle(through: PgBoss, kind: string, job: Job<unknown>): Promise<void> {
    try {
      await handlers.get(kind)!(job.data, { jobId: job.id, attempt: job.retryCount + 1 });
    } catch (error) {
      logger.warn({ jobId: job.id, kind, attempt: job.retryCount + 1, err: errorMessage(error) }, 'job failed');
      await through.fail(kind, job, { message: errorMessage(error) });
      return;
    }
    // Settled for the attempt this runner holds (the job, not its id): one handed back at shutdown meanwhile,
    // and maybe claimed again by another runner, stays with that runner.
    await through.complete(kind, job);
  }

  const admin: JobAdmin = {
    async counts() {
      const { rows } = await sql<{ state: string; count: number }>`select state::text as state, count(*)::int as count from ${sql.raw(quotedSchema)}.job where name <> ${deadLetterQueue} and name not like '__pgboss__%' group by state`.execute(db);
      const counts = Object.fromEntries(jobStatuses.map((status) => [status, 0])) as Record<JobStatus, number>;
      for (const row of rows) {
        const status = statusOfState[row.state];
        if (status) counts[status] += Number(row.count);
      }
      return counts;
    },
    async countsByKind() {
      const { rows } = await sql<{ name: string; state: string; count: number }>`select name, state::text as state, count(*)::int as count from ${sql.raw(quotedSchema)}.job where name <> ${deadLetterQueue} and name not like '__pgboss__%' and state::text in ('created', 'retry', 'active', 'failed') group by name, state`.execute(db);
      return rows.map((row) => ({ kind: row.name, status: statusOfState[row.state] ?? 'queued', count: Number(row.count) }));
    },
    async list({ status, limit = 100 } = {}) {
      const states = status ? statesOfStatus[status] : Object.keys(statusOfState);
      const { rows } = await sql<{ id: string; name: string; state: string; retry_count: number; start_after: Date; created_on: Date; output: unknown }>`
        select id::text as id, name, state::text as state, retry_count, start_after, created_on, output
        from ${sql.raw(quotedSchema)}.job
        where name <> ${deadLetterQueue} and name not like '__pgboss__%' and state::text in (${sql.join(states)})
        order by created_on desc limit ${limit}`.execute(db);
      return rows.map((row): JobSummary => {
        const output = row.output as { message?: unknown; value?: { message?: unknown } } | null;
        const message = output?.message ?? output?.value?.message;
        return {
          id: row.id,
          kind: row.name,
          status: statusOfState[row.state] ?? 'queued',
          attempts: row.state === 'created' ? 0 : Number(row.retry_count) + 1,
          runAt: new Date(row.start_after).toISOString(),
          createdAt: new Date(row.created_on).toISOString(),
          lastError: typeof message === 'string' ? message : null,
        };
      });
    },
    async retry(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      // Due now; a dead job gets one more attempt, a failed one keeps the retries it had left.
      const result = await sql`
        update ${sql.raw(quotedSchema)}.job
        set state = 'retry', start_after = now(), completed_on = null, retry_limit = greatest(retry_limit, retry_count + 1)
        where id = ${id}::uuid and state in ('retry', 'failed') and name <> ${deadLetterQueue}`.execute(db);
      return Number(result.numAffectedRows ?? 0) === 1;
    },
  };

  const engine: JobEngine = {
    kind: 'pg-boss',
    admin,

    async enqueue(executor, kind, payload, enqueueOptions = {}) {
      await ensureQueue(kind);
      const send = async (through: JobExecutor) => {
        if (enqueueOptions.singletonKey) {
          // One live job per key: take a lock for this key until the transaction ends, then look.
          await sql`select pg_advisory_xact_lock(hashtext(${`${kind}\n${enqueueOptions.singletonKey}`}))`.execute(through);
          const { rows } = await sql`select 1 from ${sql.raw(quotedSchema)}.job where name = ${kind} and singleton_key = ${enqueueOptions.singletonKey} and state < 'completed' limit 1`.execute(through);
          if (rows.length > 0) return;
        }
        await boss.send(kind, payload, {
          ...(through.isTransaction ? { db: fromKysely(through) } : {}),
          ...(enqueueOptions.runAt ? { startAfter: enqueueOptions.runAt } : {}),
          ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
          retryLimit: enqueueOptions.retryLimit ?? defaultRetryLimit,
          retryDelay: enqueueOptions.retryDelaySeconds ?? defaultRetryDelaySeconds,
          // Backoff doubles the delay; a delay of 0 means "again at once".
          retryBackoff: (enqueueOptions.retryDelaySeconds ?? defaultRetryDelaySeconds) > 0,
          expireInSeconds,
          deadLetter: deadLetterQueue,
        });
      };
      if (enqueueOptions.singletonKey && !executor.isTransaction) await executor.transaction().execute(send);
      else await send(executor);
    },

    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
      handlers.set(kind, handler as JobHandler<unknown>);
    },

    schedule(kind, cron, payload = {}) {
      if (cron.trim().split(/\s+/).length !== 5) throw new Error(`Cron expression "${cron}" must have 5 fields (minute hour day month weekday)`);
      schedules.set(kind, { cron, payload });
    },

    async start() {
      if (worker) return;
      // Schedules are saved before the cron check starts: it runs once right away.
      for (const [kind, schedule] of schedules) {
        await ensureQueue(kind);
        await boss.schedule(kind, schedule.cron, schedule.payload, {
          tz: 'UTC',
          retryLimit: scheduledJobRetry.retryLimit,
          retryDelay: scheduledJobRetry.retryDelaySeconds,
        });
      }
      for (const kind of handlers.keys()) await ensureQueue(kind);
      const maintenanceIntervalSeconds = options.maintenanceIntervalSeconds ?? 60;
      worker = new PgBoss({
        db: poolDb(query),
        schema,
        clock: unrefClock,
        migrate: false,
        supervise: true,
        schedule: true,
        // Expiry (a job whose process died) runs in pg-boss's supervise pass, gated by its monitor interval.
        superviseIntervalSeconds: maintenanceIntervalSeconds,
        monitorIntervalSeconds: maintenanceIntervalSeconds,
        cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
        cronWorkerIntervalSeconds: Math.min(45, Math.max(1, Math.round(options.pollIntervalMs / 1000))),
      });
      worker.on('error', onError);
      await worker.start();
      const pollingIntervalSeconds = Math.max(0.5, options.pollIntervalMs / 1000);
      const started = worker;
      for (const kind of handlers.keys()) {
        // pg-boss waits a polling interval after each fetch: take a few jobs at a time, and settle each on its
        // own so one failure does not fail the others.
        await started.work<unknown>(kind, { batchSize: 5, pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await runAndSettle(started, kind, job);
        });
      }
    },

    async stop() {
      const stopping = worker;
      worker = undefined;
      if (!stopping) return;
      // Waits for running jobs up to the timeout, then fails them so they are retried (by any process).
      await stopping.stop({ graceful: true, close: false, timeout: options.stopTimeoutMs ?? 30_000 });
    },

    async runDue({ kinds } = {}) {
      let count = 0;
      for (;;) {
        let ranOne = false;
        for (const kind of [...handlers.keys()].filter((candidate) => !kinds || kinds.includes(candidate))) {
          await ensureQueue(kind);
          const [job] = await boss.fetch<unknown>(kind, { batchSize: 1 });
          if (!job) continue;
          ranOne = true;
          count += 1;
          await runAndSettle(boss, kind, job);
        }
        if (!ranOne) return count;
      }
    },
  };
  return engine;
}
