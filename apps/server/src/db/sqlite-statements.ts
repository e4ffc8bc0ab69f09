import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 for Kysely with each SQL text prepared once. Kysely prepares every query anew, and on a
 * signed-in request preparing took more of the CPU than running the statements (a handful of small queries
 * each). A statement is kept per SQL text, the least recently used dropped beyond `limit` (query builders with
 * varying lists make many texts). SQLite re-prepares a kept statement itself when a migration changed the schema.
 * A streamed query gets a statement of its own, left to the garbage collector when its stream ends early.
 */
export function withStatementCache(database: SqliteDatabase.Database, limit = 500): KyselySqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept) {
        // Most recently used last: the first in the map is the one to drop.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const prepared = database.prepare(sql);
      const statement: SqliteStatement = {
        reader: prepared.reader,
        all: (parameters) => prepared.all(parameters),
        run: (parameters) => prepared.run(parameters),
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
      statements.set(sql, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
