/**
 * Time to list 1000 cards through the API (GET /api/cards via Fastify inject, session check and response
 * validation included) on a temporary SQLite database. Run: npm run bench:cards [-- runs]
 */
import { performance } from 'node:perf_hooks';
import { cardListLimit } from '@cardstack/shared/cards/messages';
import { createCard } from '../apps/server/src/modules/cards/card-creation';
import { listCards } from '../apps/server/src/modules/cards/card-reads';
import { createTestApp, TestClient } from '../apps/server/test/test-app';

process.env.TEST_DB = 'sqlite';
const runs = Number(process.argv[2] ?? 50);
const warmUpRuns = 20;

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), min: sorted[0]! };
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

const t = await createTestApp();
try {
  const client = new TestClient(t.app);
  const { userId } = await client.register({ name: 'Bench User' });
  // Without the card allowance: the seed makes more cards than a Basic plan keeps.
  const deps = { db: t.services.database.db, dialect: t.services.database.dialect, storage: t.services.storage };
  const caller = { userId };

  const seedStart = performance.now();
  for (let index = 0; index < cardListLimit; index += 1) {
    await createCard(deps, caller, {
      title: `Card ${index}`,
      name: 'Ada Lovelace',
      companyName: 'Analytical Engines Ltd',
      jobTitle: 'Analyst',
      description: 'Writes programs for machines that do not exist yet.',
      email: 'ada@example.com',
      links: [
        { kind: 'website', url: 'https://example.com', label: '' },
        { kind: 'linkedin', url: 'https://www.linkedin.com/in/ada', label: '' },
      ],
      coverImage: { alt: 'Harbour', position: 'object-center' },
    });
  }
  const seedMs = performance.now() - seedStart;

  const timeRequest = async () => {
    const start = performance.now();
    const response = await client.get('/api/cards');
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`GET /api/cards answered ${response.statusCode}`);
    return { elapsed, bytes: response.rawPayload.length, count: (response.json() as { cards: unknown[] }).cards.length };
  };
  for (let index = 0; index < warmUpRuns; index += 1) await timeRequest();
  const http: number[] = [];
  let bytes = 0;
  let count = 0;
  for (let index = 0; index < runs; index += 1) ({ elapsed: http[index], bytes, count } = await timeRequest());

  const query: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    await listCards(deps, caller);
    query.push(performance.now() - start);
  }

  const api = summarise(http);
  const service = summarise(query);
  process.stdout.write(
    [
      `Seeded ${cardListLimit} cards in ${ms(seedMs)} (SQLite, temporary file).`,
      `GET /api/cards -> ${count} cards, ${(bytes / 1024).toFixed(1)} KiB JSON`,
      `  through the API (inject, warm, ${runs} runs): median ${ms(api.median)}, p95 ${ms(api.p95)}, min ${ms(api.min)}`,
      `  listCards use case alone (query + mapping):  median ${ms(service.median)}, p95 ${ms(service.p95)}, min ${ms(service.min)}`,
      '',
    ].join('\n'),
  );
} finally {
  await t.close();
}
