import { sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
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

describe('Better Auth\'s unused rate-limit table', () => {
  it('is dropped: the library counts in the app\'s one limiter', async () => {
    const handle = database.handle;
    expect((await migrator(handle, migrationProvider(handle.dialect)).migrateTo('0103-oauth-replay-detection')).error).toBeUndefined();
    expect(await tableNames(handle)).toContain('rateLimit');
    await migrateToLatest(handle);
    expect(await tableNames(handle)).not.toContain('rateLimit');
    expect(await tableNames(handle)).toContain('rate_limit_bucket');
  });
});

describe('insights migration', () => {
  it('moves the page’s old visitor counts into the daily and monthly rollups and drops the old table', async () => {
    const handle = database.handle;
    expect((await migrator(handle, migrationProvider(handle.dialect)).migrateTo('0040-contact-scans')).error).toBeUndefined();
    const now = new Date().toISOString();
    await handle.db
      .insertInto('user')
      .values({ id: 'u-stats', name: 'Stats Owner', email: 'stats@example.com', emailVerified: handle.dialect === 'postgres' ? false : 0, image: null, createdAt: now, updatedAt: now })
      .execute();
    await sql`insert into card (id, username, username_key, owner_id, cover_image, profile_picture, theme, lead_form, created_at, updated_at)
      values ('c-stats', 'stats', 'stats', 'u-stats', '{}', '{}', '{}', '{}', ${now}, ${now})`.execute(handle.db);
    for (const [day, event, count] of [
      ['2026-10-30', 'view', 5],
      ['2026-10-30', 'vcard', 2],
      ['2026-10-31', 'view', 3],
      ['2026-10-31', 'link', 1],
      ['2026-11-01', 'lead', 1],
      ['2026-11-01', 'file', 4],
    ] as const) {
      await sql`insert into card_daily_stats (card_id, day, event, count) values ('c-stats', ${day}, ${event}, ${count})`.execute(handle.db);
    }

    await migrateToLatest(handle);
    const daily = await handle.db
      .selectFrom('insight_daily')
      .select(['day', 'source', 'views', 'saves', 'link_clicks', 'file_downloads', 'leads'])
      .orderBy('day')
      .orderBy('source')
      .execute();
    expect(daily.map((row) => ({ ...row }))).toEqual([
      { day: '2026-10-30', source: '', views: 0, saves: 2, link_clicks: 0, file_downloads: 0, leads: 0 },
      { day: '2026-10-30', source: 'direct', views: 5, saves: 0, link_clicks: 0, file_downloads: 0, leads: 0 },
      { day: '2026-10-31', source: '', views: 0, saves: 0, link_clicks: 1, file_downloads: 0, leads: 0 },
      { day: '2026-10-31', source: 'direct', views: 3, saves: 0, link_clicks: 0, file_downloads: 0, leads: 0 },
      { day: '2026-11-01', source: '', views: 0, saves: 0, link_clicks: 0, file_downloads: 4, leads: 1 },
    ]);
    const monthly = await handle.db.selectFrom('insight_monthly').select(['month', 'source', 'views', 'saves', 'leads']).orderBy('month').orderBy('source').execute();
    expect(monthly.map((row) => ({ ...row, views: Number(row.views), saves: Number(row.saves), leads: Number(row.leads) }))).toEqual([
      { month: '2026-10', source: '', views: 0, saves: 2, leads: 0 },
      { month: '2026-10', source: 'direct', views: 8, saves: 0, leads: 0 },
      { month: '2026-11', source: '', views: 0, saves: 0, leads: 1 },
    ]);
    expect(await tableNames(handle)).not.toContain('card_daily_stats');
  });
});
