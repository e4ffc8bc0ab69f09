import type { AnyConnection } from '../db/schema';

/*
 * The job engine's interface: features enqueue through `JobQueue` (inside the transaction of the change that
 * causes the job) and register one idempotent handler per kind on the `JobRunner`. Two adapters implement it:
 * SQLite (a `jobs` table and an in-process runner) and PostgreSQL (pg-boss). docs/decisions/0010-job-engine.md
 * says what each guarantees.
 */

/** The connection or transaction a job is enqueued through: the change that causes it, whichever module's. */
export type JobExecutor = AnyConnection;

export interface EnqueueOptions {
  runAt?: Date; // not before this time (default: now)
  singletonKey?: string; // at most one queued/running job per (kind, key); a second enqueue is a no-op
  retryLimit?: number; // default 5
  retryDelaySeconds?: number; // default 30, doubled each attempt (backoff)
}

export interface JobQueue {
  /** Inserts the job through `executor`, so it exists only if the surrounding transaction commits. */
  enqueue(executor: JobExecutor, kind: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<void>;
}

export interface JobContext {
  jobId: string;
  attempt: number;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface JobRunner extends JobQueue {
  /** One handler per kind; it must be idempotent (a job interrupted halfway runs again). */
  register<P>(kind: string, handler: (payload: P, context: { jobId: string; attempt: number }) => Promise<void>): void;
  /** A recurring job; fires once per schedule across all processes. Cron in UTC, 5 fields. */
  schedule(kind: string, cron: string, payload?: Record<string, unknown>): void;
  start(): Promise<void>;
  /** Stops taking jobs; waits for running ones up to a timeout, then releases them for another runner. */
  stop(): Promise<void>;
}

export const defaultRetryLimit = 5;
export const defaultRetryDelaySeconds = 30;
/** A scheduled job retries a little; its next time is the real second chance. */
export const scheduledJobRetry = { retryLimit: 2, retryDelaySeconds: 30 } as const;

/** What an operator sees of a job: the same four states (and `done`) on both engines. */
export type JobStatus = 'queued' | 'running' | 'failed' | 'dead' | 'done';
export const jobStatuses = ['queued', 'running', 'failed', 'dead', 'done'] as const satisfies readonly JobStatus[];

export interface JobSummary {
  id: string;
  kind: string;
  status: JobStatus;
  /** Attempts started so far. */
  attempts: number;
  runAt: string;
  createdAt: string;
  lastError: string | null;
}

/** The operator's view (CLI now, the operator console later). */
export interface JobAdmin {
  counts(): Promise<Record<JobStatus, number>>;
  /** Jobs not yet done, by kind and status (the metrics' gauge). */
  countsByKind(): Promise<{ kind: string; status: JobStatus; count: number }[]>;
  list(options?: { status?: JobStatus; limit?: number }): Promise<JobSummary[]>;
  /** Runs a failed or dead job again as soon as a runner is free; false when there is no such job. */
  retry(id: string): Promise<boolean>;
}

/** The engine as the composition root holds it: the runner, the operator's view, and one pass for tests. */
export interface JobEngine extends JobRunner {
  readonly kind: 'sqlite' | 'pg-boss';
  readonly admin: JobAdmin;
  /**
   * Runs every job that is due now, one after another, and returns how many ran (tests drive the engine
   * with it instead of waiting for the poller). Jobs enqueued by those jobs run too; schedules do not fire
   * (only a started runner fires them), so the count is exactly the jobs the test caused. `kinds` limits the
   * pass to those kinds (a test that waits for a mail need not make every card's QR code first).
   */
  runDue(options?: { kinds?: readonly string[] }): Promise<number>;
}

export function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
