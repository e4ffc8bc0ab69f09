import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CardTables } from '../modules/cards/cards-module';
import { migrateToLatest, openDatabase } from './database';

/*
 * Every table has one owner: the folder whose `*-tables.ts` declares it (a module, the job engine, the error log).
 * Only the owner's code names the table in a query; everyone else asks the owner's public entry. Decision 0036.
 * The one shared table is `user`: the auth module owns it, billing owns its `plan` column and declares only
 * that slice (`UserPlanColumns`). Every table the migrations make has an owner.
 */

const src = path.resolve(import.meta.dirname, '..');

/** Tables two owners declare, each its own columns. */
const sharedTables: Record<string, string[]> = { user: ['modules/auth', 'modules/billing'] };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder a file belongs to: `modules/<name>` for a module, else the first folder under src (`jobs`, `http`, …) or `.`. */
function ownerFolderOf(file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : '.';
}

/** The tables a `*-tables.ts` file declares in its `export interface …Tables { … }`. */
function declaredTables(text: string): string[] {
  const body = /export interface \w+Tables \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!);
}

const files = sourceFiles(src);
const tableFiles = files.filter((file) => file.endsWith('-tables.ts'));
const ownersOf = new Map<string, string[]>();
for (const file of tableFiles) {
  for (const table of declaredTables(fs.readFileSync(file, 'utf8'))) {
    ownersOf.set(table, [...(ownersOf.get(table) ?? []), ownerFolderOf(file)]);
  }
}

/** The first argument of each query call that names a table: a string, a list of strings, or an expression choosing one. */
function namedTables(text: string, tables: Set<string>): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  const calls = /\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|using|innerJoin|leftJoin|rightJoin|fullJoin|sql\.table)\(/g;
  for (const call of text.matchAll(calls)) {
    let depth = 0;
    let end = call.index + call[0].length;
    for (; end < text.length; end++) {
      const char = text[end];
      if (char === '(' || char === '[') depth++;
      else if (char === ')' || char === ']') {
        if (depth === 0) break;
        depth--;
      } else if (char === ',' && depth === 0) break;
    }
    // A derived table's alias (`userView().as('user')`) names no table.
    const argument = text.slice(call.index + call[0].length, end).replace(/\.as\(\s*['"]\w+['"]\s*\)/g, '');
    for (const literal of argument.matchAll(/['"`]([a-zA-Z_]+)(?:\.\w+)?(?: as \w+)?['"`]/g)) {
      if (tables.has(literal[1]!)) found.push({ table: literal[1]!, line: text.slice(0, call.index).split('\n').length });
    }
  }
  // Hand-written SQL: `from x`, `join x`, `into x`, `update x` inside a sql`…` template.
  for (const template of text.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) {
    for (const word of template[1]!.matchAll(/\b(?:from|join|into|update)\s+"?([a-zA-Z_]+)"?/gi)) {
      if (tables.has(word[1]!)) found.push({ table: word[1]!, line: text.slice(0, template.index).split('\n').length });
    }
  }
  return found;
}

describe('table owners', () => {
  it('gives every table of the database one owner (the user table: auth, and billing for the plan)', () => {
    const schema = fs.readFileSync(path.join(src, 'db/schema.ts'), 'utf8');
    for (const file of tableFiles) {
      const name = /export interface (\w+Tables) \{/.exec(fs.readFileSync(file, 'utf8'))?.[1];
      expect(name, `${path.relative(src, file)} declares no …Tables interface`).toBeDefined();
      expect(schema, `db/schema.ts does not compose ${name}`).toContain(`${name}`);
    }
    const several = [...ownersOf].filter(([table, owners]) => owners.length > 1 && sharedTables[table]?.join() !== owners.sort().join());
    expect(several).toEqual([]);
    expect(ownersOf.size).toBeGreaterThan(40);
  });

  it('has an owner for every table the migrations make', async () => {
    const database = openDatabase({});
    try {
      await migrateToLatest(database);
      const tables = (await database.db.introspection.getTables()).map((table) => table.name);
      // Kysely's own bookkeeping, and the SQLite full-text index of the contacts (its table and the engine's shadow tables).
      const notOwned = tables.filter((name) => !ownersOf.has(name) && !/^kysely_migration/.test(name) && !/^contact_search(_\w+)?$/.test(name));
      expect(tables.length).toBeGreaterThan(40);
      expect(notOwned).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  it('lets only the owner name a table in a query', () => {
    const tables = new Set(ownersOf.keys());
    const foreign: string[] = [];
    for (const file of files) {
      if (file.endsWith('-tables.ts')) continue;
      const folder = ownerFolderOf(file);
      for (const { table, line } of namedTables(fs.readFileSync(file, 'utf8'), tables)) {
        if (!ownersOf.get(table)!.includes(folder)) foreign.push(`${path.relative(src, file)}:${line} names ${table} (owner: ${ownersOf.get(table)!.join(', ')})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('finds a table named in a query, a join, a choice of tables and hand-written SQL', () => {
    const tables = new Set(['card', 'user', 'insight_daily', 'insight_monthly', 'contact']);
    const text = [
      "db.selectFrom('card as c').innerJoin('user', 'user.id', 'c.owner_id')",
      "sql.table(bucket === 'day' ? 'insight_daily' : 'insight_monthly')",
      'sql`select id from contact where x = ${value}`',
      "db.selectFrom('jobs').where('card', '=', 1)",
      "db.selectFrom(userView().as('user')).leftJoin(cardView().as('card'), 'card.id', 'user.id')",
    ].join('\n');
    expect(namedTables(text, tables).map(({ table, line }) => `${line}:${table}`)).toEqual([
      '1:card',
      '1:user',
      '2:insight_daily',
      '2:insight_monthly',
      '3:contact',
    ]);
  });
});

/** Never called: the type check (`npm run typecheck`) proves a repository typed with its tables cannot name another's. */
export function _aRepositoryReadsOnlyItsOwnTables(db: Kysely<CardTables>) {
  // @ts-expect-error -- the user table is the auth module's, not in CardTables
  return [db.selectFrom('card').select('id'), db.selectFrom('user').select('email')];
}
