/**
 * The insights dashboard's queries for a 250-card team with two years of counts, on SQLite and on PostgreSQL.
 *
 * Data: 250 cards, each with a few views a day from two or three sources, unique visitors, devices, some saves
 * and link clicks, rare leads, files and wallet adds and referring sites, for 730 days (`--days`), written
 * through the recorder's writer a day at a time, in two hours of each card's day (the QR and NFC visits in one,
 * the rest in another). Two years, so that the 12-month view's comparison with the year before reads a full year
 * too (about 580,000 daily, 31,000 monthly and 840,000 hourly rows).
 *
 * PostgreSQL: TEST_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the bench
 * creates a database of its own there (bench_insights_<pid>) and drops it at the end, so it never touches the
 * database the URL names.
 *
 * Times the dashboard use case (every query and the assembly of the answer) for 12 months, 90 days, 30 days and
 * one card, in UTC (no hours to move) and for 12 months and 30 days in Berlin and Los Angeles time (the hours at
 * the edges of each month or day read from the hourly table), and the 12-month answer through the HTTP route
 * (session, validation, JSON). Prints p50/p95/p99,
 * this process's CPU per run, the load average before each engine's timing, and the tables' sizes. The budget
 * (12 months p95 ≤ 50 ms) is meant for a quiet machine: the bench says when the 1-minute load is 0.5 or more.
 *
 * Run: npm run bench:insights [-- runs] [--engine=sqlite|postgres|both] [--days=730] [--keep]
 *      (default 40 timed runs after 10 warm-up runs, both engines)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { addDays, toDay } from '@cardstack/shared/insights/periods';
import { firstHourOfUtcDay } from '@cardstack/shared/insights/time-zones';
import type { InsightsQuery } from '@cardstack/shared/insights/schemas';
import type { AnyConnection } from '../apps/server/src/db/schema';
import { createCard } from '../apps/server/src/modules/cards/card-creation';
import { loadDashboard } from '../apps/server/src/modules/insights/insights-dashboard';
import { addCounters, type CounterIncrement } from '../apps/server/src/modules/insights/insights-repository';
import { createInsightsRecorder } from '../apps/server/src/modules/insights/insights-recorder';
import { linkIdOf } from '../apps/server/src/modules/public-card/public-card-module';
import { createTestApp, TestClient } from '../apps/server/test/test-app';

const flags = new Map(process.argv.slice(2).filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=') as [string, string]));
const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const runs = Number(positional[0] ?? 40);
const warmUpRuns = 10;
const cardCount = 250;
const days = Number(flags.get('days') ?? 730);
const engines = flags.get('engine') ?? 'both';
if (!['sqlite', 'postgres', 'both'].includes(engines) || !(days >= 1) || !(runs >= 1)) {
  process.stderr.write('usage: npm run bench:insights [-- runs] [--engine=sqlite|postgres|both] [--days=730]\n');
  process.exit(2);
}
const budgetMs = 50;

/** A small deterministic random source, so every run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

async function bench(engine: 'sqlite' | 'postgres') {
  process.env.TEST_DB = engine;
  const t = await createTestApp();
  try {
    const client = new TestClient(t.app);
    const { userId } = await client.register({ name: 'Bench Owner' });
    const db: AnyConnection = t.services.database.db;
    const deps = { db, dialect: t.services.database.dialect, storage: t.services.storage };
    const links = [
      { kind: 'website' as const, url: 'https://example.com', label: '' },
      { kind: 'linkedin' as const, url: 'https://www.linkedin.com/in/bench', label: '' },
    ];
    const linkIds = links.map(linkIdOf);
    const cardIds: string[] = [];
    for (let index = 0; index < cardCount; index += 1) {
      cardIds.push((await createCard(deps, { userId }, { title: `Card ${index}`, name: `Person ${index}`, links })).id);
    }

    // The days' counts: most cards a few views a day from two or three sources, some saves and clicks, rare
    // leads, files and wallet adds.
    const next = random(42);
    const pick = (mean: number) => Math.floor(next() * mean * 2);
    const today = toDay(new Date());
    const seedStart = performance.now();
    for (let back = 0; back < days; back += 1) {
      const dayStart = firstHourOfUtcDay(addDays(today, -back));
      const increments: CounterIncrement[] = [];
      let hour = dayStart;
      const add = (cardId: string, metric: string, source: string, detail: string, count: number) => {
        if (count > 0) increments.push({ cardId, hour, metric, source, detail, count });
      };
      for (const cardId of cardIds) {
        const hours = [dayStart + Math.floor(next() * 24), dayStart + Math.floor(next() * 24)];
        let views = 0;
        for (const [source, mean, at] of [
          ['qr', 3, 0],
          ['direct', 2, 1],
          ['link', 1, 1],
        ] as const) {
          hour = hours[at]!;
          const count = pick(mean);
          add(cardId, 'view', source, '', count);
          add(cardId, 'unique', source, '', Math.ceil(count * 0.8));
          views += count;
        }
        hour = hours[0]!;
        if (next() < 0.1) add(cardId, 'view', 'nfc', '', 1);
        const mobile = Math.round(views * 0.7);
        add(cardId, 'device', '', 'mobile', mobile);
        add(cardId, 'device', '', 'desktop', views - mobile);
        if (next() < 0.3) add(cardId, 'save', '', '', 1);
        if (next() < 0.3) add(cardId, 'link', '', linkIds[Math.floor(next() * linkIds.length)]!, 1);
        if (next() < 0.05) add(cardId, 'lead', '', '', 1);
        if (next() < 0.03) add(cardId, 'file', '', '', 1);
        if (next() < 0.02) add(cardId, 'wallet', '', '', 1);
        if (next() < 0.1) add(cardId, 'referrer', '', 'www.linkedin.com', 1);
      }
      // As the recorder's flushes write them (one day at a time here).
      await addCounters(db, increments);
    }
    // Settled, as a database that has been running is: statistics fresh, SQLite's write-ahead log folded in,
    // PostgreSQL's visibility map written (else the first runs race autovacuum) and the seeding's few hundred MB
    // of changed pages written out (else the timed runs share the machine with the checkpointer writing them).
    if (engine === 'postgres') {
      await sql`vacuum analyze`.execute(db);
      await sql`checkpoint`.execute(db);
    } else {
      await sql`analyze`.execute(db);
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
    }
    const seedMs = performance.now() - seedStart;

    const caller = { userId, teamOwnerId: userId, permissions: [] };
    const loadBefore = os.loadavg()[0]!;
    const loadLine = `  load average before timing: ${loadAverage()}${loadBefore >= 0.5 ? ' — not a quiet machine: the figures are high and noisy' : ''}`;
    const timed = async (query: InsightsQuery) => {
      for (let index = 0; index < warmUpRuns; index += 1) await loadDashboard({ db, linkIdOf }, caller, query);
      const samples: number[] = [];
      const cpu: number[] = [];
      for (let index = 0; index < runs; index += 1) {
        const start = performance.now();
        const startCpu = process.cpuUsage();
        await loadDashboard({ db, linkIdOf }, caller, query);
        const used = process.cpuUsage(startCpu);
        samples.push(performance.now() - start);
        cpu.push((used.user + used.system) / 1000);
      }
      return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), p99: percentile(samples, 0.99), cpu: percentile(cpu, 0.5) };
    };
    const month = await timed({ period: '30d', scope: 'own' });
    const quarter = await timed({ period: '90d', scope: 'own' });
    const year = await timed({ period: '12m', scope: 'own' });
    const oneCard = await timed({ period: '12m', scope: 'own', cardId: cardIds[7]! });
    const berlinYear = await timed({ period: '12m', scope: 'own', timeZone: 'Europe/Berlin' });
    const losAngelesYear = await timed({ period: '12m', scope: 'own', timeZone: 'America/Los_Angeles' });
    const berlinMonth = await timed({ period: '30d', scope: 'own', timeZone: 'Europe/Berlin' });
    // The same two dashboards one after the other, run by run: both see the same load, so their difference is the
    // cost of the hours moved at the edges of the months rather than of what else ran meanwhile.
    const interleaved = { utc: [] as number[], berlin: [] as number[] };
    for (let index = 0; index < warmUpRuns + runs; index += 1) {
      for (const [zone, samples] of [
        ['UTC', interleaved.utc],
        ['Europe/Berlin', interleaved.berlin],
      ] as const) {
        const start = performance.now();
        await loadDashboard({ db, linkIdOf }, caller, { period: '12m', scope: 'own', timeZone: zone });
        if (index >= warmUpRuns) samples.push(performance.now() - start);
      }
    }
    const summary = (samples: number[]) => ({ p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), p99: percentile(samples, 0.99) });
    const losAngelesMonth = await timed({ period: '30d', scope: 'own', timeZone: 'America/Los_Angeles' });
    const http: number[] = [];
    for (let index = 0; index < warmUpRuns + runs; index += 1) {
      const start = performance.now();
      const response = await client.get('/api/insights?period=12m');
      if (response.statusCode !== 200) throw new Error(`GET /api/insights answered ${response.statusCode}`);
      if (index >= warmUpRuns) http.push(performance.now() - start);
    }
    const answer = (await loadDashboard({ db, linkIdOf }, caller, { period: '12m', scope: 'own' })).response;

    const sizes: string[] = [];
    for (const table of ['insight_hourly', 'insight_daily', 'insight_monthly', 'insight_detail_hourly', 'insight_detail_daily', 'insight_detail_monthly', 'insight_visitor', 'insight_salt']) {
      const rows = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
      const bytes =
        engine === 'postgres'
          ? Number((await sql<{ size: string }>`select pg_total_relation_size(${table}::regclass) as size`.execute(db)).rows[0]!.size)
          : Number((await sql<{ size: number }>`select coalesce(sum(pgsize), 0) as size from dbstat where name = ${table} or name like ${`sqlite_autoindex_${table}_%`}`.execute(db)).rows[0]!.size);
      sizes.push(`  ${table.padEnd(23)} ${String(rows).padStart(9)} rows  ${(bytes / 1024 / 1024).toFixed(1).padStart(7)} MB`);
    }
    // Wall time suffers when other work shares the CPUs; this process's CPU time per run does not (on SQLite it
    // is the whole query; on PostgreSQL the server's share is not in it).
    const line = (name: string, result: { p50: number; p95: number; p99: number; cpu?: number }) =>
      `  ${name.padEnd(46)} p50 ${ms(result.p50).padStart(9)}  p95 ${ms(result.p95).padStart(9)}  p99 ${ms(result.p99).padStart(9)}${result.cpu === undefined ? '' : `  (CPU p50 ${ms(result.cpu)})`}`;
    process.stdout.write(
      [
        `${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${cardCount} cards × ${days} days seeded in ${(seedMs / 1000).toFixed(1)} s (${answer.tiles.view.current} views in the last 12 months)`,
        loadLine,
        line('dashboard, all cards, 12 months (by month)', year),
        line('dashboard, all cards, 90 days (by day)', quarter),
        line('dashboard, all cards, 30 days (by day)', month),
        line('dashboard, one card, 12 months', oneCard),
        line('dashboard, all cards, 12 months, Berlin time', berlinYear),
        line('dashboard, all cards, 12 months, Los Angeles time', losAngelesYear),
        line('dashboard, all cards, 30 days, Berlin time', berlinMonth),
        line('dashboard, all cards, 30 days, Los Angeles time', losAngelesMonth),
        line('12 months interleaved: UTC', summary(interleaved.utc)),
        line('12 months interleaved: Berlin time', summary(interleaved.berlin)),
        line('GET /api/insights?period=12m (inject, JSON)', { p50: percentile(http, 0.5), p95: percentile(http, 0.95), p99: percentile(http, 0.99) }),
        `  budget: 12-month dashboard p95 ≤ ${budgetMs} ms — UTC ${year.p95 <= budgetMs ? 'met' : 'MISSED'}, Berlin ${berlinYear.p95 <= budgetMs ? 'met' : 'MISSED'}, Los Angeles ${losAngelesYear.p95 <= budgetMs ? 'met' : 'MISSED'}; load average after timing: ${loadAverage()}`,
        'Tables:',
        ...sizes,
        '',
      ].join('\n'),
    );
  } finally {
    // --keep: the seeded tables stay, as the schema `bench_insights` of the kept database, for EXPLAIN.
    const schema = t.services.database.schema;
    if (flags.has('keep') && schema) await sql`alter schema ${sql.id(schema)} rename to bench_insights`.execute(t.services.database.db);
    await t.close();
  }
}

/** The page's added work per view: what `record` costs on the hot path (the flush runs apart, every few seconds). */
async function recorderCost() {
  process.env.TEST_DB = 'sqlite';
  const t = await createTestApp();
  try {
    const recorder = createInsightsRecorder({ db: t.services.database.db, baseUrl: 'https://cards.example', flushIntervalMs: 3_600_000, logger: console });
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const requests = Array.from({ length: 1000 }, (_, index) => ({
      headers: { 'user-agent': phone, referer: index % 3 === 0 ? 'https://www.linkedin.com/feed/' : '' },
      ip: `198.51.${Math.floor(index / 250)}.${index % 250}`,
      url: index % 2 === 0 ? '/id/card-1/?src=qr' : '/id/card-1/',
    }));
    const calls = 200_000;
    for (let index = 0; index < 20_000; index += 1) recorder.record(requests[index % 1000]!, `card-${index % 250}`, 'view');
    const startCpu = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) recorder.record(requests[index % 1000]!, `card-${index % 250}`, 'view');
    const used = process.cpuUsage(startCpu);
    process.stdout.write(`Recorder on the page's path: ${(((used.user + used.system) * 1000) / calls).toFixed(0)} ns CPU per counted view (1000 visitors × 250 cards, a phone's user agent)\n`);
  } finally {
    await t.close();
  }
}

/** A database of the bench's own on the PostgreSQL server TEST_DATABASE_URL names, dropped afterwards. */
async function withOwnPostgresDatabase(run: () => Promise<void>) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_insights_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    // Both engines asked for by default: a machine without PostgreSQL still gets the SQLite figures.
    if (engines === 'postgres') throw error;
    process.stdout.write(`PostgreSQL: skipped (${(error as Error).message}; set TEST_DATABASE_URL to a PostgreSQL server)\n`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = url.toString();
  try {
    await run();
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
    // --keep leaves the seeded database (its tables in the schema bench_insights) for EXPLAIN; its name is printed.
    if (flags.has('keep')) process.stdout.write(`kept database ${name}\n`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

process.stdout.write(
  `Insights dashboard benchmark — ${cardCount} cards × ${days} days; ${runs} runs after ${warmUpRuns} warm-up runs per figure; ${os.cpus().length} CPUs, load average ${loadAverage()}\n`,
);
if (engines !== 'postgres') {
  await recorderCost();
  await bench('sqlite');
}
if (engines !== 'sqlite') await withOwnPostgresDatabase(() => bench('postgres'));
