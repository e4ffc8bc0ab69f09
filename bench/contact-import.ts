/**
 * A 10,000-contact vCard import through the HTTP API and the job engine: the upload, the check (one streaming pass
 * over the file, duplicates counted against 2,000 contacts already kept), and the import (batches of 250, every
 * tenth contact a duplicate by email, merged), with the process's peak RSS and heap sampled every 20 ms while
 * each runs. Run: npm run bench:contact-import [-- contacts]
 * (PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:contact-import)
 */
import { performance } from 'node:perf_hooks';
import type { ContactImportStatus } from '@cardstack/shared/contacts/import';
import { multipartBody } from '../apps/server/test/multipart';
import { createTestApp, TestClient } from '../apps/server/test/test-app';

process.env.TEST_DB ??= 'sqlite';
const contactCount = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 10_000);
const keptCount = 2_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `work` while sampling the process's memory; answers its time and the peaks above what it started with. */
async function measured(work: () => Promise<unknown>) {
  globalThis.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const began = performance.now();
  await work();
  const elapsed = performance.now() - began;
  clearInterval(sampler);
  return { elapsed, peakRss, rssGrowth: peakRss - start.rss, heapGrowth: peakHeap - start.heapUsed };
}

const t = await createTestApp();
try {
  const client = new TestClient(t.app);
  await client.register({ name: 'Bench Importer' });
  for (let i = 0; i < keptCount; i += 1) await client.post('/api/contacts', { name: `Kept ${i}`, email: `person${i * 10}@example.com` });

  const cards: string[] = [];
  for (let i = 0; i < contactCount; i += 1) {
    cards.push(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:Person;Number ${i};;;`,
        `FN:Number ${i} Person`,
        'ORG:Analytical Engines Ltd;Research',
        'TITLE:Engineer',
        `EMAIL;TYPE=INTERNET,WORK:person${i}@example.com`,
        `TEL;TYPE=CELL:+49 170 ${String(1_000_000 + i)}`,
        'ADR;TYPE=WORK:;;12 Example Street;Berlin;;10115;Germany',
        'NOTE:Met at the fair\\, wants a call back about the offer.',
        'END:VCARD',
      ].join('\r\n'),
    );
  }
  const file = Buffer.from(`${cards.join('\r\n')}\r\n`);
  const { body, headers } = multipartBody([{ name: 'file', content: file, filename: 'contacts.vcf', contentType: 'text/vcard' }]);
  let id = '';
  const status = async () => (await client.get(`/api/contacts/import/${id}`)).json() as ContactImportStatus;

  const upload = await measured(async () => {
    id = ((await client.request('POST', '/api/contacts/import', body, headers)).json() as { id: string }).id;
  });
  const check = await measured(() => t.services.jobs.runDue({ kinds: ['contacts.import.check'] }));
  const checked = await status();
  if (checked.state !== 'ready') throw new Error(`the check ended ${checked.state}: ${checked.error}`);
  await client.post(`/api/contacts/import/${id}/start`, { onEmailMatch: 'merge', onPhoneMatch: 'skip' });
  const run = await measured(() => t.services.jobs.runDue({ kinds: ['contacts.import.run'] }));
  const done = await status();

  console.warn(`contact import, ${t.services.database.dialect}: ${contactCount} contacts in a ${mb(file.length)} vCard file, ${keptCount} contacts kept before`);
  console.warn(`  upload   ${upload.elapsed.toFixed(0).padStart(6)} ms`);
  for (const [name, result] of [['check', check], ['import', run]] as const) {
    console.warn(`  ${name.padEnd(8)} ${result.elapsed.toFixed(0).padStart(6)} ms   peak RSS ${mb(result.peakRss)} (+${mb(result.rssGrowth)} while running, heap +${mb(result.heapGrowth)})`);
  }
  console.warn(`  found ${checked.found}, duplicates by email ${checked.duplicatesByEmail}; created ${done.created}, merged ${done.merged}, skipped ${done.skipped}, refused ${done.refused}; state ${done.state}`);
} finally {
  await t.close();
}
