import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, toDay } from '@cardstack/shared/insights/periods';
import type { InsightsResponse } from '@cardstack/shared/insights/schemas';
import { firstHourOfUtcDay } from '@cardstack/shared/insights/time-zones';
import type { Permission } from '@cardstack/shared/teams/roles';
import type { AnyConnection } from '../src/db/schema';
import { addCounters, type CounterIncrement } from '../src/modules/insights/insights-repository';
import { createInsightsRecorder } from '../src/modules/insights/insights-recorder';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { member, person, setPermissions, teamsOwner, type Person } from './teams-support';

/*
 * Insights end to end: counting through real server processes sharing one database, the dashboard's numbers,
 * who may see which cards (the authorization matrix), the CSV, and forgetting the day's visitors.
 */

const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.services.database.db;
/** The connection as the modules receive it (their repositories read their own tables through it). */
const connection = (): AnyConnection => db();
const today = () => toDay(new Date());
/** The UTC hour key of a UTC day's hour (noon unless said). */
const hourOn = (day: string, hour = 12) => firstHourOfUtcDay(day) + hour;

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<{ id: string }> {
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

async function dashboard(client: TestClient, query: Record<string, string> = {}): Promise<InsightsResponse> {
  const response = await client.get(`/api/insights?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A server process of its own on the test's database. */
async function startServerProcess(): Promise<{ url: string; child: ChildProcess }> {
  const handle = t.services.database;
  const target = handle.dialect === 'sqlite' ? path.join(t.services.config.dataDir, 'cards.sqlite') : process.env.TEST_DATABASE_URL!;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'insights-server-process.ts'), handle.dialect, target, handle.schema ?? '-', t.services.config.dataDir],
    // The base settings (no include list) so tsx compiles the card view's JSX in the shared package too.
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TSX_TSCONFIG_PATH: path.join(import.meta.dirname, '../../../tsconfig.base.json') } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopServerProcess(server: { child: ChildProcess }): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

describe('counting', () => {
  it('counts every view once and each visitor once a day across two server processes on one database', async () => {
    const owner = await person(t, 'Process Owner');
    const card = await createCard(owner.client);
    const servers = [await startServerProcess(), await startServerProcess()];
    try {
      // Six visitors, each opening the card on both processes, two of them twice on each; one from the QR code.
      const visits: Promise<Response>[] = [];
      for (let visitor = 1; visitor <= 6; visitor += 1) {
        const times = visitor <= 2 ? 2 : 1;
        for (const server of servers) {
          for (let time = 0; time < times; time += 1) {
            visits.push(
              fetch(`${server.url}/id/${card.id}/${visitor === 1 ? '?src=qr' : ''}`, {
                headers: { 'user-agent': visitor % 2 ? phone : desktop, 'x-forwarded-for': `198.51.100.${visitor}` },
              }),
            );
          }
        }
      }
      // A crawler and a prefetch on each: not counted.
      for (const server of servers) {
        visits.push(fetch(`${server.url}/id/${card.id}/`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } }));
        visits.push(fetch(`${server.url}/id/${card.id}/`, { headers: { 'user-agent': phone, 'sec-purpose': 'prefetch' } }));
      }
      for (const response of await Promise.all(visits)) expect(response.status, await response.text()).toBe(200);
    } finally {
      await Promise.all(servers.map(stopServerProcess));
    }

    const view = await dashboard(owner.client, { period: '7d' });
    expect(view.tiles.view.current).toBe(16); // (2 × 2 + 4 × 1) views on each of two processes
    expect(view.tiles.unique.current).toBe(6);
    expect(view.sources).toEqual([
      { source: 'qr', views: 4, uniques: 1 },
      { source: 'direct', views: 12, uniques: 5 },
    ]);
    expect(view.devices).toEqual([
      { device: 'mobile', views: 8 },
      { device: 'desktop', views: 8 },
    ]);
    const monthly = await db().selectFrom('insight_monthly').select(['views', 'uniques']).where('card_id', '=', card.id).execute();
    expect(monthly.reduce((sum, row) => sum + Number(row.views), 0)).toBe(16);
    expect(monthly.reduce((sum, row) => sum + Number(row.uniques), 0)).toBe(6);
    // The stored hashes are the day's only trace of a visitor, and no address is stored.
    const stored = JSON.stringify(await db().selectFrom('insight_visitor').selectAll().execute());
    expect(stored).not.toContain('198.51.100');
  }, 60_000);

  it('counts saves, link clicks, leads and a visit from another site, and forgets the visitors once their day is over', async () => {
    const owner = await person(t, 'Save Owner');
    const card = await createCard(owner.client, {
      links: [{ kind: 'website', url: 'https://acme.example', label: 'Acme' }],
      leadForm: { isEnabled: true, thankYouMessage: '' },
    });
    const visit = (url: string, extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { 'user-agent': phone, ...extra }, remoteAddress: '192.0.2.44' });
    // An address without the final slash keeps its marker through the redirect.
    const short = await visit(`/id/${card.id}?src=nfc`);
    expect(short.statusCode).toBe(301);
    expect(short.headers.location).toBe(`/id/${card.id}/?src=nfc`);
    const html = (await visit(`/id/${card.id}/?src=nfc`)).body;
    await visit(`/id/${card.id}/`, { referer: 'https://news.example/story' });
    await visit(`/id/${card.id}/contact.vcf`);
    const linkPath = /href="(\/id\/[^/]+\/l\/[^"]+)"/.exec(html)![1]!;
    expect((await visit(linkPath)).statusCode).toBe(302);
    const lead = await t.app.inject({
      method: 'POST',
      url: `/id/${card.id}/lead`,
      remoteAddress: '192.0.2.44',
      headers: { 'user-agent': phone, 'content-type': 'application/json', accept: 'application/json' },
      payload: { name: 'Lena Lead' },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    await t.services.insights.flush();

    const view = await dashboard(owner.client, { period: '30d', cardId: card.id });
    expect(Object.fromEntries(Object.entries(view.tiles).map(([metric, tile]) => [metric, tile.current]))).toEqual({
      view: 2,
      unique: 1,
      save: 1,
      wallet: 0,
      link: 1,
      file: 0,
      lead: 1,
    });
    expect(view.conversion.toSave.current).toBe(50);
    expect(view.conversion.toLead.current).toBe(50);
    expect(view.sources.map((row) => [row.source, row.views])).toEqual([
      ['nfc', 1],
      ['site', 1],
    ]);
    expect(view.referrers).toEqual([{ host: 'news.example', views: 1 }]);
    expect(view.links).toEqual([{ cardId: card.id, cardLabel: 'Work card', linkId: linkPath.split('/').at(-1), label: 'Acme (https://acme.example/)', clicks: 1 }]);
    expect(view.series.at(-1)).toMatchObject({ bucket: today(), current: { view: 2, save: 1, lead: 1 } });

    // The next day's job deletes the day's salt and visitor hashes (the counts stay).
    await db().insertInto('insight_salt').values({ day: addDays(today(), -1), salt: 'old' }).execute();
    await db().insertInto('insight_visitor').values({ day: addDays(today(), -1), card_id: card.id, visitor_hash: 'old' }).execute();
    await t.services.jobs.enqueue(db(), 'insights.forget-visitors', {});
    await t.services.jobs.runDue({ kinds: ['insights.forget-visitors'] });
    expect(await db().selectFrom('insight_salt').select('day').where('day', '<', today()).execute()).toEqual([]);
    expect(await db().selectFrom('insight_visitor').select('day').where('day', '<', today()).execute()).toEqual([]);
    expect((await dashboard(owner.client, { period: '30d', cardId: card.id })).tiles.view.current).toBe(2);
  });
});

describe('the dashboard', () => {
  it('compares with the previous period, by day and by month, and answers an empty state', async () => {
    const owner = await person(t, 'Period Owner');
    const card = await createCard(owner.client);
    const empty = await dashboard(owner.client, { period: '7d' });
    expect(empty.tiles.view).toEqual({ current: 0, previous: 0, change: null });
    expect(empty.series).toHaveLength(7);

    const rows: CounterIncrement[] = [];
    const add = (day: string, metric: string, count: number, source = '') => rows.push({ cardId: card.id, hour: hourOn(day), metric, source, detail: '', count });
    add(today(), 'view', 6, 'qr');
    add(addDays(today(), -3), 'view', 6, 'direct');
    add(addDays(today(), -8), 'view', 10, 'direct'); // the previous 7 days
    add(addDays(today(), -8), 'save', 2);
    add(addDays(today(), -400), 'view', 99, 'direct'); // before any period asked for here
    await addCounters(connection(), rows);

    const week = await dashboard(owner.client, { period: '7d' });
    expect(week.tiles.view).toEqual({ current: 12, previous: 10, change: 20 });
    expect(week.tiles.save).toEqual({ current: 0, previous: 2, change: -100 });
    expect(week.series.map((point) => point.current.view)).toEqual([0, 0, 0, 6, 0, 0, 6]);
    expect(week.series[5]!.previous.view).toBe(10);

    const year = await dashboard(owner.client, { period: '12m' });
    expect(year.period.bucket).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.tiles.view.current).toBe(22);
    expect(year.tiles.view.previous).toBe(addDays(today(), -400) >= year.period.previousFrom ? 99 : 0);

    const custom = await dashboard(owner.client, { period: 'custom', from: addDays(today(), -8), to: addDays(today(), -8) });
    expect(custom.tiles.view.current).toBe(10);
    const wrong = await owner.client.get(`/api/insights?period=custom&from=${today()}&to=${addDays(today(), -1)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('The first day must not be after the last day.');
    expect((await owner.client.get('/api/insights?period=forever')).statusCode).toBe(400);
  });
});

describe('days in the viewer’s time zone', () => {
  /** A phone's visit counted by a recorder whose clock reads `at`, written at once. */
  async function visitAt(cardId: string, at: string) {
    const recorder = createInsightsRecorder({ db: db(), baseUrl: 'http://localhost:3000', flushIntervalMs: 3_600_000, logger: console, now: () => new Date(at) });
    recorder.record({ headers: { 'user-agent': phone }, ip: '198.51.100.77', url: `/id/${cardId}/` }, cardId, 'view');
    await recorder.close();
  }
  const viewsByDay = (view: InsightsResponse) => Object.fromEntries(view.series.filter((point) => point.current.view > 0).map((point) => [point.bucket, point.current.view]));

  it('puts a visit at 23:30 UTC on the next day seen from UTC+2 and on its own day from UTC; a row from before hours stays on its UTC day', async () => {
    const owner = await person(t, 'Zone Owner');
    const card = await createCard(owner.client);
    const day = addDays(today(), -3);
    await visitAt(card.id, `${day}T23:30:00.000Z`);
    // As the daily and monthly tables held counts before the hourly table: no hours.
    const legacy = { card_id: card.id, source: 'direct', views: 5, uniques: 0, saves: 0, wallet_adds: 0, link_clicks: 0, file_downloads: 0, leads: 0, mobile_views: 0, tablet_views: 0, desktop_views: 0 };
    await db().insertInto('insight_daily').values({ ...legacy, day: addDays(today(), -5) }).execute();
    await db().insertInto('insight_monthly').values({ ...legacy, month: addDays(today(), -5).slice(0, 7) }).onConflict((oc) => oc.columns(['card_id', 'month', 'source']).doUpdateSet((eb) => ({ views: eb('insight_monthly.views', '+', 5) }))).execute();

    // The account's time zone until chosen: UTC.
    const utc = await dashboard(owner.client, { period: '7d', cardId: card.id });
    expect(utc.period.timeZone).toBe('UTC');
    expect(viewsByDay(utc)).toEqual({ [day]: 1, [addDays(today(), -5)]: 5 });
    expect(utc.tiles.unique.current).toBe(1);

    const east = await dashboard(owner.client, { period: '7d', cardId: card.id, timeZone: 'Etc/GMT-2' });
    expect(east.period.timeZone).toBe('Etc/GMT-2');
    expect(viewsByDay(east)).toEqual({ [addDays(day, 1)]: 1, [addDays(today(), -5)]: 5 });
    expect(east.tiles.view.current).toBe(6);
    expect(east.cards[0]!.counts).toMatchObject({ view: 6, unique: 1 });
    expect(east.sources).toEqual([{ source: 'direct', views: 6, uniques: 1 }]);
    expect(east.devices).toEqual([{ device: 'mobile', views: 1 }]);

    // The account's own zone, chosen in Settings, is the default; the query's overrides it.
    const chosen = await owner.client.request('PUT', '/api/account/preferences', { language: 'en', timeZone: 'Africa/Johannesburg' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(viewsByDay(await dashboard(owner.client, { period: '7d', cardId: card.id }))).toEqual({ [addDays(day, 1)]: 1, [addDays(today(), -5)]: 5 });
    expect(viewsByDay(await dashboard(owner.client, { period: '7d', cardId: card.id, timeZone: 'UTC' }))).toEqual({ [day]: 1, [addDays(today(), -5)]: 5 });
    // West of UTC: 02:00 UTC is the evening before.
    await visitAt(card.id, `${addDays(today(), -2)}T02:00:00.000Z`);
    await visitAt(card.id, `${addDays(today(), -1)}T02:00:00.000Z`);
    expect(viewsByDay(await dashboard(owner.client, { period: '7d', cardId: card.id, timeZone: 'America/Bogota' }))).toEqual({
      [day]: 2,
      [addDays(today(), -2)]: 1,
      [addDays(today(), -5)]: 5,
    });

    const wrong = await owner.client.get(`/api/insights?period=7d&timeZone=${encodeURIComponent('Mars/Olympus_Mons')}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Choose a time zone from the list');
    const csv = await owner.client.get(`/api/insights/export.csv?period=7d&cardId=${card.id}&timeZone=Etc%2FGMT-2`);
    expect(csv.body).toContain('Time zone,Etc/GMT-2');
    expect(csv.body).toContain(`Day,${addDays(day, 1)},Views,2,0`); // and the visit at 02:00 UTC that day
  });

  it('moves the hours at the edges of months, and of the whole period, by month too', async () => {
    const owner = await person(t, 'Month Owner');
    const card = await createCard(owner.client);
    const thisMonth = today().slice(0, 7);
    const month = (back: number) => addMonths(thisMonth, -back);
    const lastDay = (value: string) => addDays(`${addMonths(value, 1)}-01`, -1);
    // Four months by month, ending with last month: 23:30 UTC on the last day of a month is the next month in UTC+2.
    await visitAt(card.id, `${lastDay(month(3))}T23:30:00.000Z`); // inside the period: moves from one month to the next
    await visitAt(card.id, `${lastDay(month(1))}T23:30:00.000Z`); // the period's last hour in UTC; the month after in UTC+2
    await visitAt(card.id, `${lastDay(month(5))}T23:30:00.000Z`); // before the period in UTC; its first month in UTC+2
    const query = { period: 'custom', from: `${month(4)}-01`, to: lastDay(month(1)), cardId: card.id };

    const utc = await dashboard(owner.client, query);
    expect(utc.period.bucket).toBe('month');
    expect(viewsByDay(utc)).toEqual({ [month(3)]: 1, [month(1)]: 1 });
    expect(utc.tiles.view).toMatchObject({ current: 2, previous: 1 });
    expect(utc.cards[0]!.counts.view).toBe(2);

    const east = await dashboard(owner.client, { ...query, timeZone: 'Etc/GMT-2' });
    expect(viewsByDay(east)).toEqual({ [month(4)]: 1, [month(2)]: 1 });
    expect(east.tiles.view).toMatchObject({ current: 2, previous: 0 });
    expect(east.cards[0]!.counts.view).toBe(2);
    expect(east.sources).toEqual([{ source: 'direct', views: 2, uniques: 2 }]);

    // West of UTC (UTC−5) the first hours of a UTC month are the evening before: 03:00 UTC on the 1st.
    await visitAt(card.id, `${month(2)}-01T03:00:00.000Z`);
    const west = await dashboard(owner.client, { ...query, timeZone: 'Etc/GMT+5' });
    expect(viewsByDay(west)).toEqual({ [month(3)]: 2, [month(1)]: 1 });
    expect(west.tiles.view).toMatchObject({ current: 3, previous: 1 });
  });
});

describe('who sees what', () => {
  let owner: Person;
  let admin: Person & { memberId: string };
  let employee: Person & { memberId: string };
  let outsider: Person;
  let ownerCard: { id: string };
  let adminTeamCard: { id: string };
  let employeeTeamCard: { id: string };
  let employeeSecondCard: { id: string };
  let outsiderCard: { id: string };

  beforeAll(async () => {
    owner = await teamsOwner(t, 'Tess Teamowner', 10);
    admin = await member(t, owner, 'admin', 'Adam Admin');
    employee = await member(t, owner, 'employee', 'Emma Employee');
    outsider = await person(t, 'Otto Outsider');
    ownerCard = await createCard(owner.client, { title: 'Owner card' });
    adminTeamCard = (await owner.client.post('/api/teams/cards', { memberId: admin.memberId, title: 'Admin team card', name: 'Adam' })).json().card;
    employeeTeamCard = (await owner.client.post('/api/teams/cards', { memberId: employee.memberId, title: 'Employee team card', name: 'Emma' })).json().card;
    // A member's own new card is a team card too: it belongs to the team.
    employeeSecondCard = await createCard(employee.client, { title: 'Emma second card' });
    outsiderCard = await createCard(outsider.client, { title: 'Outsider card' });
    const rows: CounterIncrement[] = [ownerCard, adminTeamCard, employeeTeamCard, employeeSecondCard, outsiderCard].map((card, index) => ({
      cardId: card.id,
      hour: hourOn(today()),
      metric: 'view',
      source: 'direct',
      detail: '',
      count: (index + 1) * 10,
    }));
    await addCounters(connection(), rows);
  });

  const teamCardIds = () => [ownerCard.id, adminTeamCard.id, employeeTeamCard.id, employeeSecondCard.id].sort();
  const setMetrics = (admins: boolean, employees: boolean) =>
    setPermissions(owner, {
      admin: admins ? (['metrics', 'manageDigitalCards'] as Permission[]) : ['manageDigitalCards'],
      employee: employees ? ['metrics'] : [],
    });

  it.each([
    // who, admins have metrics, employees have metrics, may see the team
    ['owner', false, false, true],
    ['admin', true, false, true],
    ['admin', false, false, false],
    ['employee', false, false, false],
    ['employee', false, true, true],
    ['outsider', true, true, false],
  ] as const)('%s (admin metrics %s, employee metrics %s): team view %s', async (who, admins, employees, maySeeTeam) => {
    await setMetrics(admins, employees);
    const caller = { owner, admin, employee, outsider }[who];
    const ownCards = (await dashboard(caller.client, { period: '7d' })).cards.map((card) => card.cardId).sort();
    const expectedOwn = { owner: [ownerCard.id], admin: [adminTeamCard.id], employee: [employeeTeamCard.id, employeeSecondCard.id].sort(), outsider: [outsiderCard.id] }[who];
    expect(ownCards).toEqual(expectedOwn);

    const team = await caller.client.get('/api/insights?period=7d&scope=team');
    if (!maySeeTeam) {
      expect(team.statusCode).toBe(403);
      expect(team.json().error.message).toContain('Metrics permission');
      expect((await caller.client.get('/api/insights/export.csv?period=7d&scope=team')).statusCode).toBe(403);
      expect((await dashboard(caller.client, { period: '7d' })).canSeeTeam).toBe(false);
      return;
    }
    expect(team.statusCode).toBe(200);
    const body = team.json() as InsightsResponse;
    expect(body.cards.map((card) => card.cardId).sort()).toEqual(teamCardIds());
    expect(body.tiles.view.current).toBe(10 + 20 + 30 + 40);
    expect(body.members!.map((row) => [row.name, row.counts.view])).toEqual([
      ['Emma Employee', 70],
      ['Adam Admin', 20],
      ['Tess Teamowner', 10],
    ]);
    // No leak: another account's card appears nowhere in the answer.
    const text = team.body;
    expect(text).not.toContain(outsiderCard.id);
    expect(text).not.toContain('Outsider card');
  });

  it('answers a card outside the chosen cards as missing, in every view', async () => {
    await setMetrics(true, false);
    for (const [caller, query] of [
      [outsider, { cardId: ownerCard.id }],
      [admin, { cardId: outsiderCard.id, scope: 'team' }],
      [employee, { cardId: ownerCard.id }],
      [admin, { cardId: ownerCard.id }],
      [employee, { cardId: adminTeamCard.id }],
      [owner, { cardId: outsiderCard.id, scope: 'team' }],
    ] as const) {
      const response = await caller.client.get(`/api/insights?${new URLSearchParams({ period: '7d', ...query }).toString()}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('views');
    }
    expect((await admin.client.get(`/api/insights?period=7d&scope=team&cardId=${employeeTeamCard.id}`)).json().tiles.view.current).toBe(30);
  });

  it('refuses the signed out', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/insights')).statusCode).toBe(401);
    expect((await anonymous.get('/api/insights/export.csv')).statusCode).toBe(401);
  });

  it('exports the current view as CSV', async () => {
    await setMetrics(true, false);
    const response = await admin.client.get('/api/insights/export.csv?period=7d&scope=team');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="insights-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Section,Item,Metric,Value,Previous period');
    expect(lines).toContain('Totals,All,Views,100,0');
    expect(lines).toContain('Card,Employee team card,Views,30,');
    expect(lines).toContain('Member,Emma Employee,Views,70,');
    expect(lines).toContain('Source,Direct,Views,100,');
    expect(response.body).not.toContain('Outsider card');
    // One card: only its rows.
    const one = await admin.client.get(`/api/insights/export.csv?period=7d&scope=team&cardId=${adminTeamCard.id}`);
    expect(one.body).toContain('Totals,All,Views,20,0');
    expect(one.body).not.toContain('Employee team card');
  });
});
