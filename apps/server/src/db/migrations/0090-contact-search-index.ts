import { sql, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Contact search by index instead of reading every contact of the owner. Search stays "the lower-cased term
 * is a substring of `search_text`" (a LIKE), and each engine gets a trigram index that finds the candidate
 * rows for a term of three characters or more:
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over `contact.search_text`, kept in step by triggers
 *   (external content: the text is not stored twice; the FTS row's rowid is the contact's rowid). The
 *   query asks it for the term as a phrase (a run of consecutive trigrams = the substring) and still checks
 *   the LIKE on the contact row. `case_sensitive 1` because the application already lower-cases both sides
 *   in JavaScript (Unicode-aware); the tokenizer's own folding would differ for a few letters.
 * - PostgreSQL: `pg_trgm`'s GIN operator class on `search_text`, which serves `LIKE '%term%'` directly.
 *   The extension is created when missing (it is "trusted": the database's owner may create it) in the
 *   schema the database's extensions normally live in, and the index names it by schema, so the tables may
 *   live in a schema of their own.
 *
 * `VACUUM` on SQLite may renumber the contacts' rowids; after one, rebuild the index with
 * `insert into contact_search (contact_search) values ('rebuild')` (docs/self-hosting.md, "Backups").
 */
export function contactSearchIndex(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (t.dialect === 'sqlite') {
        await sql`create virtual table contact_search using fts5(
          search_text, content = 'contact', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1'
        )`.execute(db);
        await sql`create trigger contact_search_insert after insert on contact begin
          insert into contact_search (rowid, search_text) values (new.rowid, new.search_text);
        end`.execute(db);
        await sql`create trigger contact_search_delete after delete on contact begin
          insert into contact_search (contact_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
        end`.execute(db);
        await sql`create trigger contact_search_update after update of search_text on contact begin
          insert into contact_search (contact_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
          insert into contact_search (rowid, search_text) values (new.rowid, new.search_text);
        end`.execute(db);
        await sql`insert into contact_search (contact_search) values ('rebuild')`.execute(db);
        return;
      }
      const installed = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
      `.execute(db);
      let schema = installed.rows[0]?.schema;
      if (!schema) {
        // `public` when it exists (the usual home of extensions), else whatever schema the session creates in.
        const hasPublic = await sql<{ found: number }>`select 1 as found from pg_namespace where nspname = 'public'`.execute(db);
        if (hasPublic.rows.length > 0) await sql`create extension if not exists pg_trgm schema public`.execute(db);
        else await sql`create extension if not exists pg_trgm`.execute(db);
        const created = await sql<{ schema: string }>`
          select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
        `.execute(db);
        schema = created.rows[0]!.schema;
      }
      await sql`create index contact_search_trgm_idx on contact using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (t.dialect === 'sqlite') {
        await sql`drop trigger contact_search_update`.execute(db);
        await sql`drop trigger contact_search_delete`.execute(db);
        await sql`drop trigger contact_search_insert`.execute(db);
        await sql`drop table contact_search`.execute(db);
        return;
      }
      // The extension stays: other schemas of the same database may use it.
      await sql`drop index contact_search_trgm_idx`.execute(db);
    },
  };
}
