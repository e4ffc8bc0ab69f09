import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { AnyConnection } from '../db/schema';

/*
 * An existing pg-boss 10 schema, upgraded by us. pg-boss 12 migrates only from pg-boss 11's schema (version 25)
 * and refuses the version 24 that pg-boss 10.4.2 (the engine up to 1.x) left; pg-boss 11 rewrote the job tables
 * with no migration from 24 either. So the engine does it, in two steps around pg-boss 12's start:
 *  1. `setAsidePgBoss10Schema` renames a version-24 schema to `<schema>_v10`, and pg-boss 12 installs afresh;
 *  2. `copyPgBoss10Jobs`, in one transaction, copies every job of the old schema into the new one as it was
 *     (state, attempts, times, singleton key, payload, last error) with every schedule, then drops the old
 *     schema. Its archive (finished jobs moved out of sight after hours) is not copied.
 * Both steps hold one advisory lock, so processes starting together upgrade once; a process that dies between
 * them leaves the old schema aside, and the next start copies it.
 */

const pgBoss10SchemaVersion = 24;

function asideName(schema: string): string {
  return `${schema}_v10`;
}

async function holdUpgradeLock(trx: AnyConnection, schema: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`pg-boss 10 upgrade ${schema}`}))`.execute(trx);
}

async function schemaExists(executor: AnyConnection, schema: string): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(executor);
  return rows.length > 0;
}

/** Before pg-boss 12 starts: a pg-boss 10 schema is moved aside; anything else is left to pg-boss. */
export async function setAsidePgBoss10Schema(db: AnyConnection, schema: string): Promise<void> {
  await db.transaction().execute(async (trx: AnyConnection) => {
    await holdUpgradeLock(trx, schema);
    const versionTable = `"${schema.replace(/"/g, '""')}".version`;
    const { rows: tables } = await sql<{ found: string | null }>`select to_regclass(${versionTable})::text as found`.execute(trx);
    if (!tables[0]?.found) return;
    const { rows } = await sql<{ version: number }>`select version from ${sql.id(schema, 'version')}`.execute(trx);
    const version = Number(rows[0]?.version);
    if (version < pgBoss10SchemaVersion) {
      throw new Error(`The job schema "${schema}" is at pg-boss version ${version}: start version 1.x once (pg-boss 10.4.2 brings it to ${pgBoss10SchemaVersion}), then this one.`);
    }
    if (version !== pgBoss10SchemaVersion) return;
    await sql`alter schema ${sql.id(schema)} rename to ${sql.id(asideName(schema))}`.execute(trx);
  });
}

/**
 * After pg-boss 12 started: the jobs and schedules of a schema set aside are copied in, then it is dropped.
 * `ensureQueue` makes each queue in pg-boss 12 (with the engine's queue options) before its jobs arrive.
 */
export async function copyPgBoss10Jobs(db: AnyConnection, schema: string, ensureQueue: (name: string) => Promise<void>, logger: Logger): Promise<void> {
  const aside = asideName(schema);
  if (!(await schemaExists(db, aside))) return;
  // pg-boss's own queue (its cron sender) is not copied: pg-boss 12 makes its own, and its jobs are transient.
  const { rows: names } = await sql<{ name: string }>`
    select name from ${sql.id(aside, 'job')} where name not like '__pgboss__%'
    union select name from ${sql.id(aside, 'schedule')}`.execute(db);
  for (const { name } of names) await ensureQueue(name);

  await db.transaction().execute(async (trx: AnyConnection) => {
    await holdUpgradeLock(trx, schema);
    // Another process copied it while this one made the queues.
    if (!(await schemaExists(trx, aside))) return;
    const jobs = await sql`
      insert into ${sql.id(schema, 'job')} (
        id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on,
        singleton_key, singleton_on, expire_seconds, created_on, completed_on, keep_until, output, dead_letter, policy
      )
      select
        old.id, old.name, old.priority, old.data, old.state::text::${sql.id(schema, 'job_state')}, old.retry_limit,
        old.retry_count, old.retry_delay, old.retry_backoff, old.start_after, old.started_on, old.singleton_key,
        old.singleton_on, greatest(1, extract(epoch from old.expire_in))::int, old.created_on, old.completed_on,
        old.keep_until, old.output, old.dead_letter, queue.policy
      from ${sql.id(aside, 'job')} old
      join ${sql.id(schema, 'queue')} queue on queue.name = old.name
      where old.name not like '__pgboss__%'`.execute(trx);
    const schedules = await sql`
      insert into ${sql.id(schema, 'schedule')} (name, cron, timezone, data, options, created_on, updated_on)
      select name, cron, timezone, data, options, created_on, updated_on from ${sql.id(aside, 'schedule')}
      on conflict do nothing`.execute(trx);
    await sql`drop schema ${sql.id(aside)} cascade`.execute(trx);
    logger.info(
      { jobs: Number(jobs.numAffectedRows ?? 0), schedules: Number(schedules.numAffectedRows ?? 0) },
      `moved the jobs and schedules of pg-boss 10 into pg-boss 12 (schema ${schema})`,
    );
  });
}
