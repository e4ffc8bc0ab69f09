import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactListResponse } from '@cardstack/shared/contacts/schemas';
import { searchTermsOf, searchTextOf } from '../src/modules/contacts/contact-search';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * Search reads each engine's trigram index (SQLite FTS5, PostgreSQL pg_trgm). These tests hold it to the rule
 * search always had: a contact is found when a lower-cased term is a substring of its search text — after
 * contacts are added, edited and deleted, for terms of any length, with quotes, wildcards and non-ASCII.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

interface Person {
  name: string;
  email: string;
  company: string;
  phone: string;
}

async function namesFound(client: TestClient, search: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ search, sort: 'name', pageSize: '100', ...(cursor ? { cursor } : {}) });
    const response = await client.get(`/api/contacts?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page: ContactListResponse = response.json();
    names.push(...page.contacts.map((contact) => contact.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names.sort();
}

/** What search must find: the rule itself, in JavaScript. */
function expectedNames(people: readonly Person[], search: string): string[] {
  const terms = searchTermsOf(search);
  if (terms.length === 0) return people.map((person) => person.name).sort();
  return people
    .filter((person) => {
      const text = searchTextOf(person);
      return terms.some((term) => text.includes(term));
    })
    .map((person) => person.name)
    .sort();
}

describe('contact search by trigram index', () => {
  it('finds exactly the contacts whose text holds the term, for short, long, quoted and non-ASCII terms', async () => {
    const client = new TestClient(t.app);
    await client.register({ name: 'Search Owner' });
    const syllables = ['zoë', 'åb', 'erg', 'ann', 'a"b', "o'c", '50%', 'a_b', 'lo', 've', 'la', 'ce', 'ß', 'ü'];
    const people: Person[] = [];
    for (let i = 0; i < 40; i += 1) {
      const pick = (n: number) => syllables[(i * n + n) % syllables.length]!;
      const person = {
        name: `${pick(3)}${pick(5)} ${pick(7)}${i}`,
        email: `p${i}.${['ann', 'erg', 'lo', 've'][i % 4]}@example.com`,
        company: i % 3 === 0 ? `${pick(2).toUpperCase()} Works` : '',
        phone: i % 4 === 0 ? `+49 (30) ${1000 + i * 37}` : '',
      };
      const response = await client.post('/api/contacts', person);
      expect(response.statusCode, response.body).toBe(201);
      people.push(person);
    }
    const searches = [
      'z', 'zo', 'zoë', 'ZOË', 'åberg', 'erg', 'ann', 'a"b', '"', "o'c", '50%', '%', 'a_b', '_', 'love', 'ß', 'ü works',
      'example', 'p1', 'p12.', '@example.com', '030 1', '(30) 1', '4930', '1037', 'works', 'nothing-here', 'a"b"',
    ];
    for (const search of searches) expect(await namesFound(client, search), search).toEqual(expectedNames(people, search));
  });

  it('follows edits and deletions', async () => {
    const client = new TestClient(t.app);
    await client.register({ name: 'Search Owner' });
    const created = await client.post('/api/contacts', { name: 'Ada Lovelace', company: 'Analytical Engines' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().contact.id as string;
    await client.post('/api/contacts', { name: 'Grace Hopper', company: 'Navy' });
    expect(await namesFound(client, 'lovelace')).toEqual(['Ada Lovelace']);

    const edited = await client.request('PATCH', `/api/contacts/${id}`, { name: 'Ada King', company: 'Analytical Engines' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await namesFound(client, 'lovelace')).toEqual([]);
    expect(await namesFound(client, 'ada king')).toEqual(['Ada King']);
    expect(await namesFound(client, 'analytical')).toEqual(['Ada King']);

    expect((await client.request('DELETE', `/api/contacts/${id}`)).statusCode).toBe(200);
    expect(await namesFound(client, 'analytical')).toEqual([]);
    expect(await namesFound(client, 'hopper')).toEqual(['Grace Hopper']);
  });

  it('keeps an index that the engine uses for the search', async () => {
    const db = t.services.database.db;
    if (t.services.database.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`
        explain query plan select id from contact
        where rowid in (select rowid from contact_search where contact_search match ${'"hopper"'})
      `.execute(db);
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/contact_search VIRTUAL TABLE INDEX/);
      return;
    }
    const client = new TestClient(t.app);
    const { userId } = await client.register({ name: 'Search Owner' });
    await sql`
      insert into contact (id, owner_id, search_text, sort_name, created_at, updated_at)
      select 'c' || n, ${userId}, 'person ' || n || '@example.com', 'person ' || n, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'
      from generate_series(1, 5000) as n
    `.execute(db);
    await sql`analyze contact`.execute(db);
    // Reading the table or an owner's index is cheap at this size; forbidding both leaves the planner only an
    // index that serves the LIKE itself (else it plans a sequential scan anyway).
    const plan = await db.transaction().execute(async (trx) => {
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from contact where search_text like ${'%person 4242@%'}`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('contact_search_trgm_idx');
  });
});
