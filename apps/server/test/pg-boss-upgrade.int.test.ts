import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Pool } from 'pg';
import { PgBoss } from 'pg-boss';
import PgBoss10 from 'pg-boss-10';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { waitFor } from './job-queue-contract';
import { runJobsCommand } from '../src/jobs/jobs-cli-commands';
import { createJobEngine, pgBossSchemaOf, type JobEngine } from '../src/jobs/jobs-module';
import { openTestDatabase } from './test-app';

/*
 * A database that ran 1.x (pg-boss 10.4.2) upgraded in place by this version's engine (pg-boss 12), its jobs
 * kept: queued, due later, failed and waiting for a retry, dead, done, running when its process died, with a
 * singleton key, and two schedules. PostgreSQL only (SQLite never had pg-boss).
 */

const kinds = [
  'mail.send',
  'public-card.artifacts',
  'teams.import',
  'wallet.apple-push',
  'plans.downgrade-effects',
  'integrations.webhook-delivery',
  'billing.clock',
  'mail.retention',
];

function poolDb(pool: Pool) {
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

/** pg-boss 10.4.2 as the 1.x engine ran it: its own schema over our pool, its queue and send options. */
async function queueJobsWithPgBoss10(database: DatabaseHandle, schema: string): Promise<void> {
  const boss = new PgBoss10({ db: poolDb(database.pool!), schema, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.createQueue('jobs.dead', { name: 'jobs.dead' });
  for (const kind of kinds) await boss.createQueue(kind, { name: kind, deadLetter: 'jobs.dead', expireInSeconds: 900 });
  const options = (extra: PgBoss10.SendOptions = {}): PgBoss10.SendOptions => ({
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 900,
    deadLetter: 'jobs.dead',
    ...extra,
  });
  const fetchOne = async (kind: string) => (await boss.fetch<unknown>(kind))[0]!;

  // Queued through the caller's transaction, as every enqueue was.
  await database.db.transaction().execute(async (trx) => {
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows }) };
    await boss.send('mail.send', { mailId: 'm1' }, { ...options(), db });
  });
  await boss.send('mail.send', { mailId: 'm2' }, options({ singletonKey: 'mail:m2' }));
  await boss.send('public-card.artifacts', { cardId: 'c1' }, options({ startAfter: new Date(Date.now() + 3_600_000) }));
  // Failed once, to be retried at once.
  await boss.send('teams.import', { importId: 'i1' }, options({ retryDelay: 0, retryBackoff: false }));
  await boss.fail('teams.import', (await fetchOne('teams.import')).id, { message: 'the import was interrupted' });
  // Out of retries: dead (and copied to the dead letter queue).
  await boss.send('wallet.apple-push', { deviceIds: ['d1'] }, options({ retryLimit: 0 }));
  await boss.fail('wallet.apple-push', (await fetchOne('wallet.apple-push')).id, { message: 'APNs refused the push' });
  // Done.
  await boss.send('plans.downgrade-effects', { userId: 'u1' }, options());
  await boss.complete('plans.downgrade-effects', (await fetchOne('plans.downgrade-effects')).id);
  // Running when its process died (a short expiry and no retry delay, so that the new runner takes it back soon).
  await boss.send('integrations.webhook-delivery', { subscriptionId: 's1' }, options({ expireInSeconds: 1, retryDelay: 0, retryBackoff: false }));
  await fetchOne('integrations.webhook-delivery');
  const scheduled = { tz: 'UTC', retryLimit: 2, retryDelay: 30 };
  await boss.schedule('billing.clock', '* * * * *', {}, scheduled);
  await boss.schedule('mail.retention', '10 3 * * *', {}, scheduled);
  await boss.stop({ graceful: false, close: false });
}

/** What must survive of each job: who it is, its state and attempts, when it runs, its key, payload and error. */
async function jobRows(db: Kysely<Database>, schema: string) {
  const { rows } = await sql`
    select id::text as id, name, state::text as state, retry_count, retry_limit, start_after, singleton_key, data, output
    from ${sql.id(schema, 'job')} where name not like '__pgboss__%' order by id`.execute(db);
  return rows;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('upgrading a pg-boss 10 database (1.x) to pg-boss 12', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  const handles: DatabaseHandle[] = [];
  const engines: JobEngine[] = [];
  const logger = pino({ level: 'silent' });
  /** A database handle as another server process would have: its own pool. */
  const open = () => {
    const handle = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: test.handle.schema! });
    handles.push(handle);
    return handle;
  };

  beforeEach(async () => {
    test = await openTestDatabase();
    await migrateToLatest(test.handle);
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
    for (const handle of handles.splice(0)) await handle.destroy();
    await sql`drop schema if exists ${sql.id(`${pgBossSchemaOf(test.handle)}_v10`)} cascade`.execute(test.handle.db);
    await test.handle.destroy();
    await test.drop();
  });

  it('keeps the queued jobs, their attempts and errors, and the schedules; they run, and the jobs CLI counts them', async () => {
    const db = test.handle.db;
    const schema = pgBossSchemaOf(test.handle);
    await queueJobsWithPgBoss10(test.handle, schema);
    const before = await jobRows(db, schema);
    expect(before).toHaveLength(8); // seven jobs and the dead one's copy in the dead letter queue

    // pg-boss 12 by itself does not migrate this schema.
    const plain = new PgBoss({ db: poolDb(test.handle.pool!), schema, supervise: false, schedule: false, registerInstance: false });
    await expect(plain.start()).rejects.toThrow(/Cannot migrate pg-boss schema from version 24/);

    // Two processes start on it together; the jobs are moved once.
    const [first, second] = await Promise.all([open(), open()].map((database) => createJobEngine({ database, logger, pollIntervalMs: 100, maintenanceIntervalSeconds: 1 })));
    engines.push(first!, second!);
    expect(await jobRows(db, schema)).toEqual(before);
    const { rows: version } = await sql<{ version: number }>`select version from ${sql.id(schema, 'version')}`.execute(db);
    expect(version[0]!.version).toBeGreaterThan(24);
    const { rows: aside } = await sql`select 1 from pg_namespace where nspname = ${`${schema}_v10`}`.execute(db);
    expect(aside).toEqual([]);
    const { rows: schedules } = await sql`select name, cron, timezone from ${sql.id(schema, 'schedule')} order by name`.execute(db);
    expect(schedules).toEqual([
      { name: 'billing.clock', cron: '* * * * *', timezone: 'UTC' },
      { name: 'mail.retention', cron: '10 3 * * *', timezone: 'UTC' },
    ]);

    const cli = async (...args: string[]) => {
      const lines: string[] = [];
      await runJobsCommand(first!.admin, args, (line) => lines.push(line));
      return lines;
    };
    expect(await cli('counts')).toEqual(['queued   3', 'running  1', 'failed   1', 'dead     1', 'done     1']);
    const [dead] = await first!.admin.list({ status: 'dead' });
    expect(dead).toMatchObject({ kind: 'wallet.apple-push', attempts: 1, lastError: 'APNs refused the push' });
    expect(await first!.admin.list({ status: 'failed' })).toMatchObject([{ kind: 'teams.import', attempts: 1, lastError: 'the import was interrupted' }]);

    // A singleton key still holds its job.
    await first!.enqueue(db, 'mail.send', { mailId: 'm2 again' }, { singletonKey: 'mail:m2' });
    expect((await first!.admin.counts()).queued).toBe(3);

    const ran: { kind: string; payload: unknown; attempt: number }[] = [];
    for (const kind of kinds) first!.register(kind, async (payload, context) => void ran.push({ kind, payload, attempt: context.attempt }));
    expect(await first!.runDue()).toBe(3);
    expect(ran).toEqual(
      expect.arrayContaining([
        { kind: 'mail.send', payload: { mailId: 'm1' }, attempt: 1 },
        { kind: 'mail.send', payload: { mailId: 'm2' }, attempt: 1 },
        { kind: 'teams.import', payload: { importId: 'i1' }, attempt: 2 },
      ]),
    );
    expect(await first!.admin.retry(dead!.id)).toBe(true);
    expect(await first!.runDue()).toBe(1);
    expect(ran.at(-1)).toEqual({ kind: 'wallet.apple-push', payload: { deviceIds: ['d1'] }, attempt: 2 });

    // The runner takes back the job whose process died, and the schedule made by pg-boss 10 fires (this engine
    // was given none).
    await first!.start();
    await waitFor('the interrupted delivery to run again', async () => ran.some((run) => run.kind === 'integrations.webhook-delivery'), 20_000);
    await waitFor('the pg-boss 10 schedule to fire', async () => ran.some((run) => run.kind === 'billing.clock'), 20_000);
    expect(ran.find((run) => run.kind === 'integrations.webhook-delivery')).toEqual({ kind: 'integrations.webhook-delivery', payload: { subscriptionId: 's1' }, attempt: 2 });
    // Only the job due in an hour waits (besides a billing clock tick, should a minute begin meanwhile).
    await waitFor('the runs to be recorded', async () => (await first!.admin.counts()).running === 0);
    expect(await first!.admin.counts()).toMatchObject({ failed: 0, dead: 0 });
    expect((await first!.admin.list({ status: 'queued' })).filter((job) => job.kind !== 'billing.clock')).toMatchObject([{ kind: 'public-card.artifacts' }]);
  });
});
