import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../src/db/database';
import { migrationNames, migrationProvider, renamedMigrations } from '../src/db/migrations/index';
import { openTestDatabase } from './test-app';

let database: { handle: DatabaseHandle; drop(): Promise<void> };
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.handle.destroy();
  await database.drop();
});

/** The migrations as a database that ran them before the renumbering knows them: under their old names. */
function providerWithOldNames(handle: DatabaseHandle): MigrationProvider {
  const oldNameOf = (name: string) => renamedMigrations.find(([, to]) => to === name)?.[0] ?? name;
  return {
    async getMigrations() {
      const current = await migrationProvider(handle.dialect).getMigrations();
      return Object.fromEntries(Object.entries(current).map(([name, migration]) => [oldNameOf(name), migration]));
    },
  };
}

function migrator(handle: DatabaseHandle, provider: MigrationProvider) {
  return new Migrator({ db: handle.db, provider, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
}

async function recordedMigrations(handle: DatabaseHandle): Promise<{ name: string; timestamp: string }[]> {
  const table = sql.table(handle.schema ? `${handle.schema}.kysely_migration` : 'kysely_migration');
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${table} order by name`.execute(handle.db);
  return rows;
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const tables = await handle.db.introspection.getTables();
  return tables.filter((table) => !handle.schema || table.schema === handle.schema).map((table) => table.name);
}

describe('migration names', () => {
  it('records only the current names on a fresh database', async () => {
    await migrateToLatest(database.handle);
    expect((await recordedMigrations(database.handle)).map((row) => row.name)).toEqual(migrationNames);
    expect(await tableNames(database.handle)).toEqual(expect.arrayContaining(['billing_customer', 'insight_daily', 'contact', 'team_member']));
  });

  it('migrates a database that recorded the old names, running nothing twice and keeping its data', async () => {
    const old = await migrator(database.handle, providerWithOldNames(database.handle)).migrateToLatest();
    expect(old.error).toBeUndefined();
    const before = await recordedMigrations(database.handle);
    expect(before.map((row) => row.name)).toEqual(expect.arrayContaining(['0004-billing', '0004-billing-customers', '0007-teams']));
    await sql`insert into error_log (id, message, created_at) values (${'e-1'}, ${'kept'}, ${new Date().toISOString()})`.execute(database.handle.db);

    // Running a migration twice would fail: its tables exist already.
    await migrateToLatest(database.handle);
    const after = await recordedMigrations(database.handle);
    expect(after.map((row) => row.name)).toEqual(migrationNames);
    const timestampOf = (rows: typeof before, name: string) => rows.find((row) => row.name === name)?.timestamp;
    for (const [from, to] of renamedMigrations) expect(timestampOf(after, to), to).toBe(timestampOf(before, from));
    const { rows } = await sql<{ message: string }>`select message from error_log`.execute(database.handle.db);
    expect(rows.map((row) => row.message)).toEqual(['kept']);

    // Starting again changes nothing.
    await migrateToLatest(database.handle);
    expect(await recordedMigrations(database.handle)).toEqual(after);
  });

  it('renames what a partly migrated database recorded and runs the migrations it has not', async () => {
    const old = await migrator(database.handle, providerWithOldNames(database.handle)).migrateTo('0005-public-card');
    expect(old.error).toBeUndefined();
    expect(await tableNames(database.handle)).not.toContain('contact');

    await migrateToLatest(database.handle);
    expect((await recordedMigrations(database.handle)).map((row) => row.name)).toEqual(migrationNames);
    expect(await tableNames(database.handle)).toEqual(expect.arrayContaining(['insight_daily', 'contact', 'team_member']));
  });
});

describe('account security migrations', () => {
  it('counts the addresses of existing accounts as confirmed and adds two-factor sign-in switched off', async () => {
    const handle = database.handle;
    expect((await migrator(handle, migrationProvider(handle.dialect)).migrateTo('0008-teams')).error).toBeUndefined();
    const now = new Date().toISOString();
    await handle.db
      .insertInto('user')
      .values({ id: 'u-old', name: 'Old Account', email: 'old@example.com', emailVerified: handle.dialect === 'postgres' ? false : 0, image: null, createdAt: now, updatedAt: now })
      .execute();

    await migrateToLatest(handle);
    const row = await handle.db.selectFrom('user').select(['emailVerified', 'twoFactorEnabled']).where('id', '=', 'u-old').executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);
    expect(Boolean(row.twoFactorEnabled)).toBe(false);
    expect(await tableNames(handle)).toEqual(expect.arrayContaining(['rate_limit_bucket', 'twoFactor']));
  });
});
