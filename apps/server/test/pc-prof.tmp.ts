import { performance } from 'node:perf_hooks';
import { createTestApp, TestClient } from './test-app';
import { findCardRef } from '../src/modules/public-card/public-card-repository';
const t = await createTestApp();
const client = new TestClient(t.app);
await client.register({ name: 'Owner' });
const card = (await client.post('/api/cards', { title: 'Work', name: 'Ada' })).json().card;
const db = t.services.database.db;
for (const [name, fn] of [
  ['findCardRef', () => findCardRef(db, card.id)],
  ['resolve', () => t.services.publicCard.resolve(card.id)],
  ['inject page', () => t.app.inject({ url: `/id/${card.id}/`, headers: { 'accept-encoding': 'br' } })],
  ['kysely select 1 row by pk', () => db.selectFrom('card').select(['id','version','owner_id']).where('id','=',card.id).executeTakeFirst()],
  ['inject healthz', () => t.app.inject({ url: `/healthz` })],
] as const) {
  for (let i = 0; i < 200; i++) await fn();
  const n = 3000; const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(start);
  console.log(name, ((used.user + used.system) / n).toFixed(1), 'cpu µs');
}
await t.close();
