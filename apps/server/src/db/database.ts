import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type PgModule from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { makePrivateDir } from '../data-dir';
import type { Database } from './schema';
import { migrationProvider, renamedMigrations } from './migrations/index';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema the tables live in, when not the default. */
  schema?: string | undefined;
  /**
   * PostgreSQL only: the pool under `db`, for a library that reads the rows of every statement of a
   * multi-statement text (pg-boss does), which Kysely's driver keeps only for a single statement.
   */
  pool?: PgModule.Pool;
  destroy(): Promise<void>;
}

interface DatabaseOptions {
  /** PostgreSQL connection string; without it the SQLite file `sqliteFile` is used. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL only: run inside this schema (tests give every file its own). */
  pgSchema?: string;
}

let pgModule: typeof PgModule | undefined;

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened: a SQLite process never pays its memory.
 * int8 (bigint, count(*)) comes back as a JS number: our counts and millisecond times stay far below 2^53.
 */
function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PgModule;
    pgModule.types.setTypeParser(20, (value) => Number(value));
  }
  return pgModule;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const destroy = async () => {
      await db.destroy();
      // Kysely ends the pool only when it ran a query itself; pg-boss may have been its only user.
      if (!pool.ending) await pool.end();
    };
    return { db, dialect: 'postgres', schema: options.pgSchema, pool, destroy };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') makePrivateDir(path.dirname(file));
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

async function hasMigrationTable(handle: DatabaseHandle): Promise<boolean> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(handle.db);
    return rows.length > 0;
  }
  const table = handle.schema ? `"${handle.schema.replace(/"/g, '""')}".kysely_migration` : 'kysely_migration';
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(handle.db);
  return rows[0]?.found != null;
}

/**
 * Rewrites the names of migrations that were renumbered to their new names, in one transaction. Runs before
 * the migrator, which would otherwise see unknown names recorded and refuse to start. Idempotent, so
 * processes starting at the same time may all run it.
 */
async function renameRecordedMigrations(handle: DatabaseHandle): Promise<void> {
  if (!(await hasMigrationTable(handle))) return;
  const table = sql.table(handle.schema ? `${handle.schema}.kysely_migration` : 'kysely_migration');
  await handle.db.transaction().execute(async (trx) => {
    for (const [from, to] of renamedMigrations) await sql`update ${table} set name = ${to} where name = ${from}`.execute(trx);
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  await renameRecordedMigrations(handle);
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function isDatabaseReachable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await sql`select 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  }
}
