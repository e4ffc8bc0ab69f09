import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { AnyConnection } from '../db/schema';
import type { JobsTable, JobTables } from './job-tables';
import { lastCronTime, nextCronTime } from './cron';
import {
  defaultRetryDelaySeconds,
  defaultRetryLimit,
  errorMessage,
  jobStatuses,
  scheduledJobRetry,
  type JobAdmin,
  type JobEngine,
  type JobHandler,
  type JobStatus,
  type JobSummary,
} from './job-queue';

/*
 * The embedded engine: jobs are rows of the `jobs` table, run by a poller inside the server process.
 * A runner claims a due job with one conditional UPDATE (so two runners on one database file never both take
 * it), holds it under a lease it renews while the handler runs, and writes the outcome only while it still
 * holds that lease (a claim token). A runner that died leaves a lease that runs out; the job is then claimed
 * again. Failed attempts wait `retryDelaySeconds · 2^(attempt-1)`; after `retryLimit` retries the job is `dead`.
 */

export interface SqliteJobEngineOptions {
  /** The app's connection; the engine uses its own tables only. */
  db: AnyConnection;
  logger: Logger;
  /** How often an idle runner looks for due jobs. */
  pollIntervalMs: number;
  /** How long a claim holds without renewal; renewed every third of it while the handler runs. */
  leaseMs?: number;
  /** How long `stop()` waits for running jobs before it releases them. */
  stopTimeoutMs?: number;
  /** Jobs run at the same time by this process. */
  concurrency?: number;
  now?: () => Date;
}

type JobRow = Selectable<JobsTable>;

export function backoffDelayMs(retryDelaySeconds: number, attempt: number): number {
  return retryDelaySeconds * 1000 * 2 ** Math.max(0, attempt - 1);
}

export function createSqliteJobEngine(options: SqliteJobEngineOptions): JobEngine {
  const { logger } = options;
  const db: Kysely<JobTables> = options.db;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const concurrency = options.concurrency ?? 2;
  const handlers = new Map<string, JobHandler<unknown>>();
  /** `fired`: the schedule's latest time this runner has settled in the database, and the time after it. */
  const schedules = new Map<string, { cron: string; payload: Record<string, unknown>; fired?: { time: Date; nextTime: Date } }>();
  const running = new Map<string, { token: string; done: Promise<void> }>();
  let isStarted = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  async function claimNext(only?: readonly string[]): Promise<JobRow | undefined> {
    const kinds = [...handlers.keys()].filter((kind) => !only || only.includes(kind));
    if (kinds.length === 0) return undefined;
    const at = now();
    const nowIso = at.toISOString();
    return db
      .updateTable('jobs')
      .set({ status: 'running', attempts: (eb) => eb('attempts', '+', 1), lease_token: crypto.randomUUID(), lease_until: new Date(at.getTime() + leaseMs).toISOString(), updated_at: nowIso })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('kind', 'in', kinds)
          .where((w) =>
            w.or([
              w.and([w('status', 'in', ['queued', 'failed']), w('run_at', '<=', nowIso)]),
              w.and([w('status', '=', 'running'), w('lease_until', '<', nowIso)]),
            ]),
          )
          .orderBy('run_at')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Writes the outcome of an attempt, only while this runner still holds the job. */
  async function settle(job: JobRow, error: unknown): Promise<void> {
    const at = now();
    const held = db.updateTable('jobs').where('id', '=', job.id).where('lease_token', '=', job.lease_token).where('status', '=', 'running');
    if (error === undefined) {
      await held.set({ status: 'done', lease_token: null, lease_until: null, updated_at: at.toISOString(), finished_at: at.toISOString() }).execute();
      return;
    }
    const isDead = job.attempts > job.retry_limit;
    logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: errorMessage(error) }, isDead ? 'job failed for good' : 'job failed, will retry');
    await held
      .set({
        status: isDead ? 'dead' : 'failed',
        last_error: errorMessage(error),
        run_at: new Date(at.getTime() + backoffDelayMs(job.retry_delay_seconds, job.attempts)).toISOString(),
        lease_token: null,
        lease_until: null,
        updated_at: at.toISOString(),
        finished_at: isDead ? at.toISOString() : null,
      })
      .execute();
  }

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const renew = setInterval(() => {
      db.updateTable('jobs')
        .set({ lease_until: new Date(now().getTime() + leaseMs).toISOString() })
        .where('id', '=', job.id)
        .where('lease_token', '=', job.lease_token)
        .execute()
        .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, 'renewing a job lease failed'));
    }, Math.max(10, Math.floor(leaseMs / 3)));
    renew.unref();
    let failure: unknown;
    try {
      await handler(JSON.parse(job.payload) as unknown, { jobId: job.id, attempt: job.attempts });
    } catch (error) {
      failure = error ?? new Error('job failed');
    } finally {
      clearInterval(renew);
    }
    await settle(job, failure);
  }

  /**
   * Fires every schedule whose latest time has not fired yet; the conditional update makes it once per time.
   * Until a schedule's next time comes, its latest time stays the one this runner already settled (fired here
   * or by another runner), so the poll skips it: working the cron expression out and asking the database every
   * second kept an idle server allocating (and its young generation at full size).
   */
  async function fireSchedules(): Promise<void> {
    if (schedules.size === 0) return;
    const at = now();
    for (const [kind, schedule] of schedules) {
      if (schedule.fired && at >= schedule.fired.time && at < schedule.fired.nextTime) continue;
      const dueTime = lastCronTime(schedule.cron, at);
      const due = dueTime.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('job_schedules')
          .values({ kind, cron: schedule.cron, payload: JSON.stringify(schedule.payload), last_fired_at: null })
          .onConflict((oc) => oc.column('kind').doUpdateSet({ cron: schedule.cron, payload: JSON.stringify(schedule.payload) }))
          .execute();
        const fired = await trx
          .updateTable('job_schedules')
          .set({ last_fired_at: due })
          .where('kind', '=', kind)
          .where((w) => w.or([w('last_fired_at', 'is', null), w('last_fired_at', '<', due)]))
          .executeTakeFirst();
        if (Number(fired.numUpdatedRows) === 1) await engine.enqueue(trx, kind, schedule.payload, { singletonKey: `schedule:${kind}`, ...scheduledJobRetry });
      });
      schedule.fired = { time: dueTime, nextTime: nextCronTime(schedule.cron, dueTime) };
    }
  }

  /** Claims and runs due jobs one after another until none is left (or the runner stops). */
  async function workLoop(shouldGoOn: () => boolean, kinds?: readonly string[]): Promise<number> {
    let count = 0;
    while (shouldGoOn()) {
      const job = await claimNext(kinds);
      if (!job) break;
      const done = runJob(job);
      running.set(job.id, { token: job.lease_token!, done });
      try {
        await done;
      } finally {
        running.delete(job.id);
      }
      count += 1;
    }
    return count;
  }

  async function poll(): Promise<void> {
    try {
      await fireSchedules();
      await Promise.all(Array.from({ length: concurrency }, () => workLoop(() => isStarted)));
    } catch (error) {
      logger.error({ err: error }, 'job runner pass failed');
    }
  }

  function scheduleNextPoll(): void {
    if (!isStarted) return;
    timer = setTimeout(() => {
      polling = poll().finally(() => {
        polling = undefined;
        scheduleNextPoll();
      });
    }, options.pollIntervalMs);
    timer.unref();
  }

  const admin: JobAdmin = {
    async counts() {
      const rows = await db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('status').execute();
      const counts = Object.fromEntries(jobStatuses.map((status) => [status, 0])) as Record<JobStatus, number>;
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },
    async countsByKind() {
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', '<>', 'done')
        .groupBy(['kind', 'status'])
        .execute();
      return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count) }));
    },
    async list({ status, limit = 100 } = {}) {
      let query = db.selectFrom('jobs').selectAll().orderBy('created_at', 'desc').limit(limit);
      if (status) query = query.where('status', '=', status);
      const rows = await query.execute();
      return rows.map(
        (row): JobSummary => ({
          id: row.id,
          kind: row.kind,
          status: row.status,
          attempts: row.attempts,
          runAt: row.run_at,
          createdAt: row.created_at,
          lastError: row.last_error,
        }),
      );
    },
    async retry(id) {
      const nowIso = now().toISOString();
      const result = await db
        .updateTable('jobs')
        // Due now; a dead job gets one more attempt (as on pg-boss), a failed one keeps the retries it had left.
        .set({ status: 'queued', retry_limit: sql<number>`max(retry_limit, attempts)`, run_at: nowIso, finished_at: null, updated_at: nowIso })
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'dead'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };

  const engine: JobEngine = {
    kind: 'sqlite',
    admin,

    async enqueue(executor, kind, payload, enqueueOptions = {}) {
      const at = now().toISOString();
      await executor
        .insertInto('jobs')
        .values({
          id: crypto.randomUUID(),
          kind,
          payload: JSON.stringify(payload),
          status: 'queued',
          singleton_key: enqueueOptions.singletonKey ?? null,
          attempts: 0,
          retry_limit: enqueueOptions.retryLimit ?? defaultRetryLimit,
          retry_delay_seconds: enqueueOptions.retryDelaySeconds ?? defaultRetryDelaySeconds,
          run_at: (enqueueOptions.runAt ?? now()).toISOString(),
          lease_token: null,
          lease_until: null,
          last_error: null,
          created_at: at,
          updated_at: at,
          finished_at: null,
        })
        // The partial unique index refuses a second live job with the same singleton key: that is the no-op.
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
      handlers.set(kind, handler as JobHandler<unknown>);
    },

    schedule(kind, cron, payload = {}) {
      lastCronTime(cron, now()); // a wrong expression fails at start-up, not at the first tick
      schedules.set(kind, { cron, payload });
    },

    async start() {
      if (isStarted) return;
      isStarted = true;
      polling = poll().finally(() => {
        polling = undefined;
        scheduleNextPoll();
      });
    },

    async stop() {
      isStarted = false;
      if (timer) clearTimeout(timer);
      const finished = Promise.all([...running.values()].map((job) => job.done.catch(() => undefined)));
      let timeout: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), stopTimeoutMs);
      });
      const outcome = await Promise.race([finished.then(() => 'finished' as const), timedOut]);
      clearTimeout(timeout);
      if (outcome === 'timeout') {
        // Give the unfinished jobs back: another runner takes them at once, and this one can no longer settle them.
        for (const [id, job] of running) {
          await db
            .updateTable('jobs')
            .set({ status: 'queued', attempts: (eb) => eb('attempts', '-', 1), lease_token: null, lease_until: null, run_at: now().toISOString() })
            .where('id', '=', id)
            .where('lease_token', '=', job.token)
            .execute();
          logger.warn({ jobId: id }, 'job released at shutdown; it runs again');
        }
        return;
      }
      await polling?.catch(() => undefined);
    },

    async runDue({ kinds } = {}) {
      return workLoop(() => true, kinds);
    },
  };
  return engine;
}
