import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsResponse } from '@cardstack/shared/insights/schemas';
import { buildMmdb, countryRecord } from './mmdb-writer';
import { createTestApp, type TestApp } from './test-app';
import { person } from './teams-support';

/*
 * Top countries: counted from the operator's GeoIP database (a MaxMind DB file read by the real reader library)
 * when GEOIP_DATABASE_PATH is set, and not at all without it. The visitor's address is never stored.
 */

const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let directory: string;
let databaseFile: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'geoip-int-'));
  databaseFile = path.join(directory, 'countries.mmdb');
  fs.writeFileSync(
    databaseFile,
    buildMmdb([
      { network: '203.0.113.0/24', data: countryRecord('DE', 'Germany') },
      { network: '2001:db8::/32', data: countryRecord('JP', 'Japan') },
    ]),
  );
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** Three visits from Germany, one from Japan (IPv6) and one from an address the database does not know. */
async function visitAndRead(t: TestApp): Promise<{ view: InsightsResponse; csv: string }> {
  const owner = await person(t, 'Country Owner');
  const created = await owner.client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace' });
  expect(created.statusCode, created.body).toBe(201);
  const cardId: string = created.json().card.id;
  for (const remoteAddress of ['203.0.113.5', '203.0.113.6', '203.0.113.5', '2001:db8::7', '192.0.2.9']) {
    const response = await t.app.inject({ method: 'GET', url: `/id/${cardId}/`, headers: { 'user-agent': phone }, remoteAddress });
    expect(response.statusCode).toBe(200);
  }
  await t.services.insights.flush();
  const dashboard = await owner.client.get(`/api/insights?period=7d&cardId=${cardId}`);
  expect(dashboard.statusCode, dashboard.body).toBe(200);
  const csv = await owner.client.get(`/api/insights/export.csv?period=7d&cardId=${cardId}`);
  expect(csv.statusCode, csv.body).toBe(200);
  return { view: dashboard.json(), csv: csv.body.replace(/^\uFEFF/, '') };
}

describe('top countries with GEOIP_DATABASE_PATH', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GEOIP_DATABASE_PATH: databaseFile });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the visitors’ countries on the dashboard and in the CSV, and stores no address', async () => {
    const { view, csv } = await visitAndRead(t);
    expect(view.tiles.view.current).toBe(5);
    expect(view.countries).toEqual([
      { country: 'DE', views: 3 },
      { country: 'JP', views: 1 },
    ]);
    const lines = csv.split('\r\n');
    expect(lines).toContain('Country,DE,Views,3,');
    expect(lines).toContain('Country,JP,Views,1,');

    const db = t.services.database.db;
    const stored = JSON.stringify([
      await db.selectFrom('insight_visitor').selectAll().execute(),
      await db.selectFrom('insight_detail_daily').selectAll().execute(),
      await db.selectFrom('insight_detail_monthly').selectAll().execute(),
    ]);
    for (const address of ['203.0.113', '2001:db8', '192.0.2.9']) expect(stored).not.toContain(address);
  });
});

describe('without GEOIP_DATABASE_PATH', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the visits but no countries', async () => {
    const { view, csv } = await visitAndRead(t);
    expect(view.tiles.view.current).toBe(5);
    expect(view.countries).toEqual([]);
    expect(csv).not.toContain('Country,');
  });
});
