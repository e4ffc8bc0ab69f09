import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type PgModule from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Logger } from 'pino';
import { makePrivateDir } from '../data-dir';
import { defaultConnectTimeoutMs } from './database-config';
import { asDatabaseUnavailable, type DatabaseUnavailableError } from './database-unavailable';
import type { Database } from './schema';
import { migrationProvider, renamedMigrations } from './migrations/index';
import { withStatementCache } from './sqlite-statements';

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
  /**
   * PostgreSQL only: a statement on `pool` outside Kysely (pg-boss's), with a lost connection reported as
   * DatabaseUnavailableError and counted by `currentOutage` like Kysely's statements.
   */
  poolQuery?(text: string, values?: unknown[]): Promise<PgModule.QueryResult>;
  /**
   * While the database is away (the last statement or connection failed because it could not be reached): that
   * failure; undefined while it answers. Always undefined on SQLite.
   */
  currentOutage(): DatabaseUnavailableError | undefined;
  destroy(): Promise<void>;
}

interface DatabaseOptions {
  /** PostgreSQL connection string; without it the SQLite file `sqliteFile` is used. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL only: run inside this schema (tests give every file its own). */
  pgSchema?: string;
  /** PostgreSQL only: how long a statement waits for a connection (a new one, or a free one of the pool). */
  connectTimeoutMs?: number;
  /** Told once when the database goes away and once when it answers again. */
  logger?: Pick<Logger, 'warn' | 'info'>;
}

const poolSize = 10;

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

/**
 * Whether the database answers, from what the statements see: the first failure of an outage is logged, and
 * the first success after it. Requests do not wait for the database to come back; each asks again.
 */
function createOutageTracker(logger: DatabaseOptions['logger']) {
  let outage: { error: DatabaseUnavailableError; since: number } | undefined;
  function failed(error: unknown): void {
    const unavailable = asDatabaseUnavailable(error);
    if (!unavailable || outage) return;
    outage = { error: unavailable, since: Date.now() };
    const cause = unavailable.cause as { message?: string; code?: string } | undefined;
    logger?.warn({ reason: cause?.message, code: cause?.code }, 'database unavailable: requests that need it are answered 503 until it is back');
  }
  function answered(): void {
    if (!outage) return;
    logger?.info({ unavailableMs: Date.now() - outage.since }, 'database available again');
    outage = undefined;
  }
  return {
    current: () => outage?.error,
    failed,
    /** A statement's outcome: told to the tracker, a lost connection rethrown as DatabaseUnavailableError. */
    watch: <T>(promise: Promise<T>): Promise<T> =>
      promise.then(
        (result) => {
          answered();
          return result;
        },
        (error: unknown) => {
          failed(error);
          throw asDatabaseUnavailable(error) ?? error;
        },
      ),
  };
}

/**
 * The pool as Kysely sees it: a lost connection or a connection that cannot be made becomes
 * DatabaseUnavailableError (every other error stays as it is), and each statement tells the tracker.
 */
function trackedPool(pool: PgModule.Pool, tracker: ReturnType<typeof createOutageTracker>): PostgresPool {
  // Kysely keeps its connection object per client: hand it the same wrapper each time.
  const wrappers = new WeakMap<PgModule.PoolClient, PostgresPoolClient>();
  const { watch } = tracker;
  return {
    options: pool.options,
    end: () => (pool.ending ? Promise.resolve() : pool.end()),
    async connect() {
      const client = await watch(pool.connect());
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = {
          get processID() {
            return (client as { processID?: number }).processID;
          },
          query: ((text: unknown, parameters?: unknown[]) => {
            // Kysely streams through a cursor object it reads itself; only plain statements are promises.
            if (typeof text !== 'string') return client.query(text as never);
            return watch(client.query(text, parameters));
          }) as unknown as PostgresPoolClient['query'],
          // pg-pool sets `release` anew on every checkout: read it when called.
          release: (destroy?: boolean) => client.release(destroy),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const tracker = createOutageTracker(options.logger);
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: poolSize,
      // A statement never waits longer than this for a connection: while the database is away a request is
      // answered 503 within seconds instead of hanging (and waiting requests do not pile up).
      connectionTimeoutMillis: options.connectTimeoutMs ?? defaultConnectTimeoutMs,
      // Notices a peer that vanished without closing (a failed-over host, a dropped NAT entry) on idle connections.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // A connection the server ends (a restart, pg_terminate_backend) reports it as an 'error' event: on the pool
    // for an idle connection, on the client for one a transaction holds between two statements. An 'error' event
    // nobody listens to ends the process; the pool has already dropped the connection (a held one is dropped
    // when released), so the next statement opens a new one.
    pool.on('error', (error) => tracker.failed(error));
    pool.on('connect', (client) => client.on('error', (error) => tracker.failed(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: trackedPool(pool, tracker) }) });
    const destroy = async () => {
      await db.destroy();
      // Kysely ends the pool only when it ran a query itself; pg-boss may have been its only user.
      if (!pool.ending) await pool.end();
    };
    const poolQuery = (text: string, values?: unknown[]) => tracker.watch(pool.query(text, values));
    return { db, dialect: 'postgres', schema: options.pgSchema, pool, poolQuery, currentOutage: tracker.current, destroy };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') makePrivateDir(path.dirname(file));
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', currentOutage: () => undefined, destroy: () => db.destroy() };
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
