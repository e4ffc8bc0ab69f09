/**
 * Contacts at scale: seeds 100 000 contacts for one user in a temporary SQLite database, then times through
 * the HTTP API (session check and response validation included) the first page, a deep page, searches, and
 * the CSV and .xlsx exports with the process's peak RSS sampled while each export streams to a client that
 * discards the bytes. Run: npm run bench:contacts [-- contacts runs] [--no-export]
 * (PostgreSQL instead: TEST_DB=postgres TEST_DATABASE_URL=postgres://… npm run bench:contacts)
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { ContactListResponse } from '@cardstack/shared/contacts/schemas';
import { searchTextOf, sortNameOf } from '../apps/server/src/modules/contacts/contact-search';
import { createTestApp, TestClient } from '../apps/server/test/test-app';

process.env.TEST_DB ??= 'sqlite';
const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const contactCount = Number(positional[0] ?? 100_000);
const runs = Number(positional[1] ?? 30);
const withExports = !process.argv.includes('--no-export');

const firstNames = ['Ada', 'Grace', 'Alan', 'Zoë', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Edsger', 'Radia'];
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Åberg', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen', 'Dijkstra', 'Perlman'];
const companies = ['Analytical Engines Ltd', 'Cobol & Co', 'Bletchley Park', 'Fjord AB', 'Kernel GmbH', 'Apollo Systems', 'Bell Labs'];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${ms(at(0.5))}  p95 ${ms(at(0.95))}  min ${ms(sorted[0]!)}`;
}

const t = await createTestApp();
try {
  const client = new TestClient(t.app);
  const { userId, email, password } = await client.register({ name: 'Bench User' });
  const db = t.services.database.db;
  // Export is a paid feature: subscribe through the built-in local provider's test checkout.
  const checkout = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
  await client.request('POST', `${new URL(checkout.json().url).pathname}/complete`);

  const seedStart = performance.now();
  const base = Date.parse('2024-01-01T00:00:00.000Z');
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < contactCount; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(contactCount, start + batch); i += 1) {
        const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]} ${i}`;
        const email = `person${i}@example.com`;
        const company = companies[i % companies.length]!;
        const phone = `+49 30 ${String(1_000_000 + i)}`;
        const createdAt = new Date(base + i * 60_000).toISOString();
        rows.push({
          id: crypto.randomUUID(),
          owner_id: userId,
          team_owner_id: null,
          card_id: null,
          card_name: 'Bench card',
          manual_add: i % 10 === 0 ? 1 : 0,
          name,
          email,
          phone,
          company,
          job_title: 'Engineer',
          message: i % 3 === 0 ? 'Please call me back about the offer, thanks!' : '',
          notes: '',
          consent_text: 'I agree that my details are stored.',
          consent_at: createdAt,
          search_text: searchTextOf({ name, email, company, phone }),
          sort_name: sortNameOf({ name, email }),
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      await trx.insertInto('contact').values(rows).execute();
    }
  });
  if (t.services.database.dialect === 'postgres') await sql`analyze contact`.execute(db);
  console.warn(`${t.services.database.dialect}: seeded ${contactCount} contacts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  async function time(url: string): Promise<{ summary: string; last: ContactListResponse }> {
    const samples: number[] = [];
    let last: ContactListResponse | undefined;
    for (let run = 0; run < runs + 5; run += 1) {
      const started = performance.now();
      const response = await client.get(url);
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      last = response.json();
      if (run >= 5) samples.push(elapsed);
    }
    return { summary: summarise(samples), last: last! };
  }

  const first = await time('/api/contacts?pageSize=25');
  console.warn(`first page (25 of ${first.last.total}, with total):       ${first.summary}`);
  // A page deep in the list: keyset pagination costs the same as the first.
  let cursor = first.last.nextCursor!;
  for (let page = 0; page < Math.min(200, Math.floor(contactCount / 100) - 1); page += 1) {
    cursor = ((await client.get(`/api/contacts?pageSize=100&cursor=${cursor}`)).json() as ContactListResponse).nextCursor!;
  }
  console.warn(`page after 20 000 rows (keyset):               ${(await time(`/api/contacts?pageSize=25&cursor=${cursor}`)).summary}`);
  console.warn(`sorted by name, first page:                    ${(await time('/api/contacts?pageSize=25&sort=name')).summary}`);
  for (const term of ['hopper', 'person4242@', '1012345', 'no-such-person', 'example.com']) {
    const result = await time(`/api/contacts?pageSize=25&search=${encodeURIComponent(term)}`);
    console.warn(`search ${JSON.stringify(term).padEnd(18)} (${String(result.last.total).padStart(5)} matches):   ${result.summary}`);
  }
  console.warn(`filter kind=manual, first page:                ${(await time('/api/contacts?pageSize=25&kind=manual')).summary}`);

  // Exports go through a real socket: inject would buffer the whole body and hide the streaming.
  if (withExports) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    for (const format of ['csv', 'xlsx'] as const) {
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/contacts/export/${format}`, {
        headers: { cookie, 'accept-encoding': 'identity' },
      });
      if (!response.ok || !response.body) throw new Error(`export ${format}: ${response.status}`);
      let bytes = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      console.warn(
        `export ${format.padEnd(4)} ${contactCount} rows: ${(elapsed / 1000).toFixed(2)} s, ${mb(bytes)}; RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
      );
    }
  }
} finally {
  await t.close();
}
