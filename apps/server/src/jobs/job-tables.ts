/** The SQLite job engine's jobs (apps/server/src/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: 'queued' | 'running' | 'failed' | 'dead' | 'done';
  singleton_key: string | null;
  attempts: number;
  retry_limit: number;
  retry_delay_seconds: number;
  run_at: string;
  /** Who holds a running job: a new token per claim, so a runner that lost its job cannot finish it. */
  lease_token: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface JobSchedulesTable {
  kind: string;
  cron: string;
  payload: string;
  last_fired_at: string | null;
}

/** The tables the job engine owns: only its own code reads or writes them. */
export interface JobTables {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
}
