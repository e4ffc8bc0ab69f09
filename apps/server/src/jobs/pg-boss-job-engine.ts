import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
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

/*
 * The PostgreSQL engine: pg-boss 10 (the last major that runs on Node 20), in its own schema, over the
 * application's own connection pool. Jobs are inserted through the caller's Kysely transaction, so a job
 * exists exactly when the change that caused it commits. pg-boss claims with SKIP LOCKED (each job runs once
 * across processes), fails a job that stays active past its expiry (a killed process) so it runs again,
 * retries with backoff, copies jobs that used up their retries to the dead letter queue, and fires each
 * schedule once per time across all processes.
 */

export interface PgBossJobEngineOptions {
  db: Kysely<Database>;
  logger: Logger;
  /** pg-boss's schema (its tables live apart from ours). */
  schema: string;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollIntervalMs: number;
  /** A job active longer than this is taken to belong to a dead process and runs again. */
  expireInSeconds?: number;
  /** How often the maintenance (expiry, archive) and the cron check run. */
  maintenanceIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  /** How long `stop()` waits for running jobs before it hands them back. */
  stopTimeoutMs?: number;
}

/** Where jobs that used up their retries are copied; nothing works it, it is the operator's record. */
export const deadLetterQueue = 'jobs.dead';
const cronSendQueue = '__pgboss__send-it';

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

/** pg-boss runs its SQL through this: our pool, or the caller's transaction when enqueuing. */
function bossDb(executor: JobExecutor): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const query = CompiledQuery.raw(text, values ?? []);
      if (executor.isTransaction) return { rows: (await executor.executeQuery(query)).rows as unknown[] };
      // pg-boss sends some work (creating a queue) as one text holding BEGIN … COMMIT. When a statement in it
      // fails (two processes starting together: a deadlock or a duplicate), the connection is left inside the
      // failed transaction and would poison the pool's next user ("current transaction is aborted"): roll it
      // back on that connection before it goes back to the pool.
      return executor.connection().execute(async (connection) => {
        try {
          return { rows: (await connection.executeQuery(query)).rows as unknown[] };
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/**
 * Starts pg-boss, installing its schema when missing. Processes starting together on a fresh database both try
 * to install it; pg-boss serialises them with an advisory lock, but the second can still fail on the schema's
 * name (PostgreSQL's catalog cache is not refreshed by an advisory lock). Its next attempt finds it installed.
 */
async function startOnce(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.start();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function createPgBossJobEngine(options: PgBossJobEngineOptions): Promise<JobEngine> {
  const { db, logger, schema } = options;
  const quotedSchema = `"${schema.replace(/"/g, '""')}"`;
  const expireInSeconds = options.expireInSeconds ?? 15 * 60;
  const handlers = new Map<string, JobHandler<unknown>>();
  const schedules = new Map<string, { cron: string; payload: Record<string, unknown> }>();
  const queues = new Map<string, Promise<void>>();
  const onError = (error: unknown) => logger.error({ err: error }, 'job engine error');

  // Sends, queues and the operator's view: migrates pg-boss's schema, but runs no worker, maintenance or cron.
  const boss = new PgBoss({ db: bossDb(db), schema, supervise: false, schedule: false, migrate: true });
  boss.on('error', onError);
  await startOnce(boss);
  let worker: PgBoss | undefined;

  /** Creates a queue unless it exists; processes starting together may race (pg-boss then deadlocks one). */
  async function createQueueOnce(name: string, queue: Omit<PgBoss.Queue, 'name'>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name, { name, ...queue });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  function ensureQueue(kind: string): Promise<void> {
    let created = queues.get(kind);
    if (!created) {
      created = createQueueOnce(kind, kind === deadLetterQueue || kind === cronSendQueue ? {} : { deadLetter: deadLetterQueue, expireInSeconds });
      created.catch(() => queues.delete(kind));
      queues.set(kind, created);
    }
    return created;
  }
  await ensureQueue(deadLetterQueue);

  async function runAndSettle(through: PgBoss, kind: string, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    try {
      await handlers.get(kind)!(job.data, { jobId: job.id, attempt: job.retryCount + 1 });
    } catch (error) {
      logger.warn({ jobId: job.id, kind, attempt: job.retryCount + 1, err: errorMessage(error) }, 'job failed');
      await through.fail(kind, job.id, { message: errorMessage(error) });
      return;
    }
    // Only an active job completes: one handed back at shutdown meanwhile stays with its next runner.
    await through.complete(kind, job.id);
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
          db: bossDb(through),
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
      // pg-boss's own queue for sending scheduled jobs: made here, where racing processes retry, rather than
      // in its cron start-up, which ignores a failed creation and then loses the first firing.
      if (schedules.size > 0) await ensureQueue(cronSendQueue);
      for (const kind of handlers.keys()) await ensureQueue(kind);
      worker = new PgBoss({
        db: bossDb(db),
        schema,
        migrate: false,
        supervise: true,
        schedule: true,
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
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
        await started.work<unknown>(kind, { batchSize: 5, includeMetadata: true, pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await runAndSettle(started, kind, job);
        });
      }
    },

    async stop() {
      const stopping = worker;
      worker = undefined;
      if (!stopping) return;
      // Waits for running jobs up to the timeout, then fails them so they are retried (by any process).
      await stopping.stop({ graceful: true, close: false, wait: true, timeout: options.stopTimeoutMs ?? 30_000 });
    },

    async runDue({ kinds } = {}) {
      let count = 0;
      for (;;) {
        let ranOne = false;
        for (const kind of [...handlers.keys()].filter((candidate) => !kinds || kinds.includes(candidate))) {
          await ensureQueue(kind);
          const [job] = await boss.fetch<unknown>(kind, { batchSize: 1, includeMetadata: true });
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
