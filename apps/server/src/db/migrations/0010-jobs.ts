import { sql, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/*
 * The SQLite job engine's tables (on PostgreSQL pg-boss keeps its own schema and these stay empty).
 * `jobs`: one row per job; `job_schedules`: when each recurring job last fired, so it fires once per time.
 */
export function jobs(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('singleton_key', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retry_limit', 'integer', (c) => c.notNull())
        .addColumn('retry_delay_seconds', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('lease_token', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
      // At most one live job per (kind, singleton key); finished ones do not count.
      await db.schema
        .createIndex('jobs_singleton_idx')
        .on('jobs')
        .columns(['kind', 'singleton_key'])
        .unique()
        .where(sql<boolean>`singleton_key is not null and status in ('queued', 'running', 'failed')`)
        .execute();
      await db.schema
        .createTable('job_schedules')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('cron', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('last_fired_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_schedules').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
