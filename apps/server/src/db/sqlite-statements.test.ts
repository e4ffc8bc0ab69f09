import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './sqlite-statements';

interface Tables {
  note: { id: Generated<number>; body: string; title?: string | null };
}

let sqlite: SqliteDatabase.Database;
afterEach(() => sqlite?.close());

function database(limit?: number) {
  sqlite = new SqliteDatabase(':memory:');
  const prepare = vi.spyOn(sqlite, 'prepare');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, limit) }) });
  return { db, prepare };
}

describe('SQLite statements prepared once', () => {
  it('prepares a repeated query once and answers it as Kysely would', async () => {
    const { db, prepare } = database();
    await sql`create table note (id integer primary key, body text not null)`.execute(db);
    for (const body of ['a', 'b', 'c']) await db.insertInto('note').values({ body }).execute();
    const read = (id: number) => db.selectFrom('note').select(['id', 'body']).where('id', '=', id).executeTakeFirst();
    expect(await read(1)).toEqual({ id: 1, body: 'a' });
    expect(await read(3)).toEqual({ id: 3, body: 'c' });
    expect(await read(9)).toBeUndefined();
    const inserted = await db.insertInto('note').values({ body: 'd' }).executeTakeFirstOrThrow();
    expect(inserted.insertId).toBe(4n);
    // create, insert and select: one preparation each, however often they ran.
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it('streams, and runs the streamed query as usual afterwards', async () => {
    const { db } = database();
    await sql`create table note (id integer primary key, body text not null)`.execute(db);
    await db.insertInto('note').values([{ body: 'a' }, { body: 'b' }]).execute();
    const all = db.selectFrom('note').select('body').orderBy('id');
    const streamed = async () => {
      const seen: string[] = [];
      for await (const row of all.stream()) seen.push(row.body);
      return seen;
    };
    expect(await streamed()).toEqual(['a', 'b']);
    expect(await all.execute()).toEqual([{ body: 'a' }, { body: 'b' }]);
    expect(await streamed()).toEqual(['a', 'b']);
  });

  it('keeps the most recently used statements up to its limit', async () => {
    const { db, prepare } = database(2);
    const select = (value: number) => sql`select ${sql.lit(value)} as value`.execute(db);
    await select(1);
    await select(2);
    await select(1);
    await select(3); // drops 2, the least recently used
    await select(1);
    expect(prepare).toHaveBeenCalledTimes(3);
    await select(2);
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('still answers after a migration changed the table', async () => {
    const { db } = database();
    await sql`create table note (id integer primary key, body text not null)`.execute(db);
    await db.insertInto('note').values({ body: 'a' }).execute();
    const read = () => db.selectFrom('note').selectAll().execute();
    expect(await read()).toEqual([{ id: 1, body: 'a' }]);
    await sql`alter table note add column title text`.execute(db);
    expect(await read()).toEqual([{ id: 1, body: 'a', title: null }]);
  });
});
