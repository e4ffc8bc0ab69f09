import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { monthEdgeOf, nearestMonthStart, utcDayOfHour } from '@cardstack/shared/insights/time-zones';
import { allCardIds } from '../cards/cards-module';
import { insightCounterColumns, type InsightTables } from './insights-tables';

type Db = Kysely<InsightTables>;

/** One counter to add to: a card's metric in a UTC hour (hours since the epoch), by source and detail ('' where none applies). */
export interface CounterIncrement {
  cardId: string;
  hour: number;
  metric: string;
  source: string;
  detail: string;
  count: number;
}

const batchSize = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let at = 0; at < items.length; at += size) result.push(items.slice(at, at + size));
  return result;
}

/** Which counter column a metric (or a view's device type) adds to; link clicks also go by link id. */
const counterColumnOf: Readonly<Record<string, CounterColumn>> = {
  view: 'views',
  unique: 'uniques',
  save: 'saves',
  wallet: 'wallet_adds',
  link: 'link_clicks',
  file: 'file_downloads',
  lead: 'leads',
};
const deviceColumnOf: Readonly<Record<string, CounterColumn>> = { mobile: 'mobile_views', tablet: 'tablet_views', desktop: 'desktop_views' };
/** Metrics whose detail is counted in the detail tables (under their own name as the kind). */
const detailKinds = new Set(['link', 'referrer', 'country']);

type CounterColumn = (typeof insightCounterColumns)[number];
type CounterRow = { cardId: string; period: string; source: string } & Record<CounterColumn, number>;
type DetailRow = { cardId: string; period: string; kind: string; detail: string; count: number };

/** The increments as the rows they add to: counter rows per card, period and source; detail rows per detail. */
function rowsOf(increments: readonly CounterIncrement[], periodOf: (hour: number) => string) {
  const counters = new Map<string, CounterRow>();
  const details = new Map<string, DetailRow>();
  for (const row of increments) {
    const period = periodOf(row.hour);
    const count = Math.trunc(row.count);
    const column = row.metric === 'device' ? deviceColumnOf[row.detail] : counterColumnOf[row.metric];
    if (column) {
      const source = row.metric === 'view' || row.metric === 'unique' ? row.source : '';
      const key = `${row.cardId}\u0000${period}\u0000${source}`;
      let counter = counters.get(key);
      if (!counter) {
        counter = { cardId: row.cardId, period, source, ...(Object.fromEntries(insightCounterColumns.map((name) => [name, 0])) as Record<CounterColumn, number>) };
        counters.set(key, counter);
      }
      counter[column] += count;
    }
    if (detailKinds.has(row.metric) && row.detail) {
      const key = `${row.cardId}\u0000${period}\u0000${row.metric}\u0000${row.detail}`;
      const detail = details.get(key);
      if (detail) detail.count += count;
      else details.set(key, { cardId: row.cardId, period, kind: row.metric, detail: row.detail, count });
    }
  }
  // One order in every process: two flushes upserting the same rows then wait for each other instead of
  // deadlocking (PostgreSQL locks each row as the statement reaches it).
  const byKey = (a: { cardId: string; period: string }, b: { cardId: string; period: string }) => a.cardId.localeCompare(b.cardId) || a.period.localeCompare(b.period);
  return {
    counters: [...counters.values()].sort((a, b) => byKey(a, b) || a.source.localeCompare(b.source)),
    details: [...details.values()].sort((a, b) => byKey(a, b) || a.kind.localeCompare(b.kind) || a.detail.localeCompare(b.detail)),
  };
}

const text = (value: string) => sql`cast(${value} as text)`;
const integer = (value: number) => sql`cast(${value} as integer)`;

/**
 * Adds the counts to the hourly, daily and monthly rows, creating them as needed: `on conflict do update set
 * views = views + excluded.views, …`, which is additive, so two processes adding to the same row both land. Rows
 * are inserted from a `values` list joined to the card table, so counts for a card deleted meanwhile are dropped
 * instead of failing the batch on the foreign key. One transaction per flush. The hours place the counts in the
 * viewer's days; the UTC days and months are what most of a dashboard reads (insights-dashboard.ts).
 */
export async function addCounters(db: Db, increments: readonly CounterIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  // Hours keep a fixed width (six digits until 2084), so their text sorts as their number does.
  const targets = [
    { counters: 'insight_hourly', details: 'insight_detail_hourly', period: 'hour', rows: rowsOf(increments, (hour) => String(hour)) },
    { counters: 'insight_daily', details: 'insight_detail_daily', period: 'day', rows: rowsOf(increments, utcDayOfHour) },
    { counters: 'insight_monthly', details: 'insight_detail_monthly', period: 'month', rows: rowsOf(increments, (hour) => utcDayOfHour(hour).slice(0, 7)) },
  ] as const;
  const columns = sql.join(insightCounterColumns.map((name) => sql.ref(name)));
  const valueColumns = sql.join(insightCounterColumns.map((_name, index) => sql.ref(`v.column${index + 4}`)));
  await db.transaction().execute(async (trx) => {
    for (const target of targets) {
      const periodValue = target.period === 'hour' ? (period: string) => integer(Number(period)) : text;
      const table = sql.table(target.counters);
      const additions = sql.join(insightCounterColumns.map((name) => sql`${sql.ref(name)} = ${table}.${sql.ref(name)} + excluded.${sql.ref(name)}`));
      // An hour near the start of a UTC month says how near, for the index a dashboard by month reads it by.
      const isHourly = target.period === 'hour';
      const edgeColumn = isHourly ? sql`, month_edge` : sql``;
      const edgeValue = isHourly ? sql`, ${sql.ref(`v.column${insightCounterColumns.length + 4}`)}` : sql``;
      for (const batch of chunks(target.rows.counters, batchSize)) {
        const values = sql.join(
          batch.map(
            (row) =>
              sql`(${text(row.cardId)}, ${periodValue(row.period)}, ${text(row.source)}, ${sql.join(insightCounterColumns.map((name) => integer(row[name])))}${isHourly ? sql`, cast(${monthEdgeOf(Number(row.period))} as integer)` : sql``})`,
          ),
        );
        await sql`insert into ${table} (card_id, ${sql.ref(target.period)}, source, ${columns}${edgeColumn})
          select v.column1, v.column2, v.column3, ${valueColumns}${edgeValue}
          from (values ${values}) as v
          where v.column1 in (${allCardIds()})
          on conflict (card_id, ${sql.ref(target.period)}, source) do update set ${additions}`.execute(trx);
      }
      const detailTable = sql.table(target.details);
      for (const batch of chunks(target.rows.details, batchSize)) {
        const values = sql.join(batch.map((row) => sql`(${text(row.cardId)}, ${periodValue(row.period)}, ${text(row.kind)}, ${text(row.detail)}, ${integer(row.count)})`));
        await sql`insert into ${detailTable} (card_id, ${sql.ref(target.period)}, kind, detail, count)
          select v.column1, v.column2, v.column3, v.column4, v.column5
          from (values ${values}) as v
          where v.column1 in (${allCardIds()})
          on conflict (card_id, ${sql.ref(target.period)}, kind, detail) do update set count = ${detailTable}.count + excluded.count`.execute(trx);
      }
    }
  });
}

/**
 * Records the day's visitor hashes of one card each and answers which were new: only the process whose insert
 * wrote the row counts that visitor, so two processes seeing the same visitor count them once.
 */
export async function addVisitors(db: Db, visitors: readonly { day: string; cardId: string; hash: string }[]): Promise<Set<string>> {
  const added = new Set<string>();
  for (const batch of chunks(visitors, batchSize)) {
    const rows = await db
      .insertInto('insight_visitor')
      .values(batch.map((visitor) => ({ day: visitor.day, card_id: visitor.cardId, visitor_hash: visitor.hash })))
      .onConflict((oc) => oc.doNothing())
      .returning(['day', 'card_id', 'visitor_hash'])
      .execute();
    for (const row of rows) added.add(`${row.day}\u0000${row.card_id}\u0000${row.visitor_hash}`);
  }
  return added;
}

/** The day's salt: a new one is inserted unless one exists, then the stored one is read (every process agrees). */
export async function loadSalt(db: Db, day: string, candidate: string): Promise<string> {
  await db.insertInto('insight_salt').values({ day, salt: candidate }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const row = await db.selectFrom('insight_salt').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts and visitor hashes of days before `today`: from then on no visitor can be recognised. */
export async function forgetVisitorsBefore(db: Db, today: string): Promise<{ salts: number; visitors: number }> {
  const visitors = await db.deleteFrom('insight_visitor').where('day', '<', today).executeTakeFirst();
  const salts = await db.deleteFrom('insight_salt').where('day', '<', today).executeTakeFirst();
  return { salts: Number(salts.numDeletedRows), visitors: Number(visitors.numDeletedRows) };
}

// ---- Reading -------------------------------------------------------------------------------------------

export interface CounterRange {
  cardIds: readonly string[];
  bucket: 'day' | 'month';
  /** Inclusive bounds in the bucket's unit (days, or months as YYYY-MM). */
  from: string;
  to: string;
}

/** The counters summed: one field per counter column. */
export type CounterSums = Record<CounterColumn, number>;

export interface SeriesRow extends CounterSums {
  bucket: string;
}
export interface CardSourceRow extends CounterSums {
  cardId: string;
  source: string;
}
export interface DetailSumRow {
  cardId: string;
  kind: string;
  detail: string;
  count: number;
}

const sums = sql.join(insightCounterColumns.map((name) => sql`sum(${sql.ref(name)}) as ${sql.ref(name)}`));
/** A row's sums as numbers (PostgreSQL answers bigint sums as text); a plain loop: a dashboard maps ~1,300 rows. */
function toSums(row: Record<string, unknown>): CounterSums {
  const result = {} as CounterSums;
  for (const name of insightCounterColumns) result[name] = Number(row[name] ?? 0);
  return result;
}

function rangeOf(db: Db, range: CounterRange) {
  // A team's cards are listed by id: the primary key (card, period, …) then reads only their rows in range. On
  // PostgreSQL the ids go as one array parameter instead of one parameter each (a team's 250 cards are 250
  // parameters to send, parse and plan in each of the dashboard's queries).
  const period = sql.ref(range.bucket === 'day' ? 'day' : 'month');
  const cards =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`card_id = any(cast(${range.cardIds} as text[]))`
      : sql`card_id in (${sql.join(range.cardIds.map((id) => sql`${id}`))})`;
  return { period, where: sql`${cards} and ${period} >= ${range.from} and ${period} <= ${range.to}` };
}

/** Every counter per bucket (both periods: the range spans them). */
export async function sumSeries(db: Db, range: CounterRange): Promise<SeriesRow[]> {
  if (range.cardIds.length === 0) return [];
  const { period, where } = rangeOf(db, range);
  const table = sql.table(range.bucket === 'day' ? 'insight_daily' : 'insight_monthly');
  const { rows } = await sql<Record<string, unknown>>`select ${period} as bucket, ${sums} from ${table} where ${where} group by ${period}`.execute(db);
  return rows.map((row) => ({ bucket: String(row.bucket), ...toSums(row) }));
}

/** Every counter per card and source over the range (one period): the card table, sources and devices. */
export async function sumByCardAndSource(db: Db, range: CounterRange): Promise<CardSourceRow[]> {
  if (range.cardIds.length === 0) return [];
  const { where } = rangeOf(db, range);
  const table = sql.table(range.bucket === 'day' ? 'insight_daily' : 'insight_monthly');
  const { rows } = await sql<Record<string, unknown>>`select card_id, source, ${sums} from ${table} where ${where} group by card_id, source`.execute(db);
  return rows.map((row) => ({ cardId: String(row.card_id), source: String(row.source), ...toSums(row) }));
}

/** The counts by detail over the range (one period): clicks per link (per card), referring hosts, countries. */
export async function sumDetails(db: Db, range: CounterRange): Promise<DetailSumRow[]> {
  if (range.cardIds.length === 0) return [];
  const { where } = rangeOf(db, range);
  const table = sql.table(range.bucket === 'day' ? 'insight_detail_daily' : 'insight_detail_monthly');
  const cardOfLink = sql`case when kind = 'link' then card_id else '' end`;
  const { rows } = await sql<Record<string, unknown>>`select ${cardOfLink} as card_id, kind, detail, sum(count) as count from ${table}
    where ${where} group by ${cardOfLink}, kind, detail`.execute(db);
  return rows.map((row) => ({ cardId: String(row.card_id), kind: String(row.kind), detail: String(row.detail), count: Number(row.count) }));
}

// ---- Hours near the edges of days and months --------------------------------------------------------------

/** UTC hours [from, to) (hours since the epoch), numbered: the hours a viewer's day takes from a neighbouring UTC day. */
export interface HourWindow {
  id: number;
  from: number;
  to: number;
}

export interface WindowSumRow extends CounterSums {
  window: number;
}
export interface WindowCardSourceRow extends CardSourceRow {
  window: number;
}
export interface WindowDetailRow extends DetailSumRow {
  window: number;
}

const wholeNumber = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return sql.lit(value);
};

function cardsOf(db: Db, cardIds: readonly string[]) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`h.card_id = any(cast(${cardIds} as text[]))`
    : sql`h.card_id in (${sql.join(cardIds.map((id) => sql`${id}`))})`;
}

interface WindowRun {
  first: HourWindow;
  length: number;
  count: number;
}

/**
 * The windows as arithmetic runs: windows one day apart and of one length (the edges of consecutive days at one
 * offset from UTC) are one run, so 90 days are a few runs, not 180 windows.
 */
function runsOf(windows: readonly HourWindow[]): WindowRun[] {
  const runs: WindowRun[] = [];
  for (const window of windows) {
    const run = runs.at(-1);
    const length = window.to - window.from;
    if (run && run.length === length && window.from === run.first.from + 24 * run.count && window.id === run.first.id + run.count) run.count += 1;
    else runs.push({ first: window, length, count: 1 });
  }
  return runs;
}

const runEnd = (run: WindowRun) => run.first.from + 24 * (run.count - 1) + run.length;

/** Which window an hour is in, as SQL (null: none). */
function windowOfHour(runs: readonly WindowRun[]) {
  const hour = sql.ref('h.hour');
  const terms = runs.map((run) => {
    const from = wholeNumber(run.first.from);
    const end = wholeNumber(runEnd(run));
    return run.count === 1
      ? sql`when ${hour} >= ${from} and ${hour} < ${end} then ${wholeNumber(run.first.id)}`
      : sql`when ${hour} >= ${from} and ${hour} < ${end} and (${hour} - ${from}) % 24 < ${wholeNumber(run.length)} then ${wholeNumber(run.first.id)} + (${hour} - ${from}) / 24`;
  });
  return sql`case ${sql.join(terms, sql` `)} end`;
}

const windowSums = sql.join(insightCounterColumns.map((name) => sql`sum(x.${sql.ref(name)}) as ${sql.ref(name)}`));
const hourColumns = sql.join(insightCounterColumns.map((name) => sql`h.${sql.ref(name)}`));

/**
 * The hours of the cards in the windows (sorted, disjoint), each with its window's id. By month the windows lie at
 * the starts of months (`monthEdges`): each card's hours at the distances from a month's start that the windows
 * cover are one range of the `month_edge` index, whatever the number of months. By day a run of windows is the
 * same hours of every day: each card's hours at those hours of the day are one range of the hour-of-day index.
 */
function hoursInWindows(db: Db, cardIds: readonly string[], windows: readonly HourWindow[], monthEdges: boolean) {
  const runs = runsOf(windows);
  const cards = cardsOf(db, cardIds);
  const columns = sql`h.card_id, h.source, ${hourColumns}`;
  if (monthEdges) {
    const from = wholeNumber(runs[0]!.first.from);
    const to = wholeNumber(runEnd(runs.at(-1)!));
    const distances = windows.flatMap((window) => [window.from - nearestMonthStart(window.from), window.to - 1 - nearestMonthStart(window.to - 1)]);
    return sql`select ${windowOfHour(runs)} as window_id, ${columns} from insight_hourly as h
      where ${cards} and h.month_edge is not null and h.month_edge >= ${wholeNumber(Math.min(...distances))} and h.month_edge <= ${wholeNumber(Math.max(...distances))}
      and h.hour >= ${from} and h.hour < ${to}`;
  }
  // A run's windows touch a UTC midnight, so their hours of the day are one range [first, first + length).
  return sql.join(
    runs.map((run) => {
      const from = wholeNumber(run.first.from);
      const firstHourOfDay = run.first.from % 24;
      const hours =
        firstHourOfDay + run.length <= 24
          ? sql`(h.hour % 24) >= ${wholeNumber(firstHourOfDay)} and (h.hour % 24) < ${wholeNumber(firstHourOfDay + run.length)}`
          : sql`((h.hour % 24) >= ${wholeNumber(firstHourOfDay)} or (h.hour % 24) < ${wholeNumber(firstHourOfDay + run.length - 24)})`;
      return sql`select ${wholeNumber(run.first.id)} + (h.hour - ${from}) / 24 as window_id, ${columns} from insight_hourly as h
        where ${cards} and ${hours} and h.hour >= ${from} and h.hour < ${wholeNumber(runEnd(run))}`;
    }),
    sql` union all `,
  );
}

/** Every counter per window, for the chart (a window at every edge of its buckets). */
export async function sumWindows(db: Db, cardIds: readonly string[], windows: readonly HourWindow[], options: { monthEdges: boolean }): Promise<WindowSumRow[]> {
  if (cardIds.length === 0 || windows.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`select x.window_id, ${windowSums}
    from (${hoursInWindows(db, cardIds, windows, options.monthEdges)}) as x where x.window_id is not null group by x.window_id`.execute(db);
  return rows.map((row) => ({ window: Number(row.window_id), ...toSums(row) }));
}

/** Every counter per window, card and source: a period's first and last edge. */
export async function sumWindowsByCardAndSource(
  db: Db,
  cardIds: readonly string[],
  windows: readonly HourWindow[],
  options: { monthEdges: boolean },
): Promise<WindowCardSourceRow[]> {
  if (cardIds.length === 0 || windows.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`select x.window_id, x.card_id, x.source, ${windowSums}
    from (${hoursInWindows(db, cardIds, windows, options.monthEdges)}) as x where x.window_id is not null group by x.window_id, x.card_id, x.source`.execute(db);
  return rows.map((row) => ({ window: Number(row.window_id), cardId: String(row.card_id), source: String(row.source), ...toSums(row) }));
}

/** One select per window (a period has two edges), each one index range per card. */
function perWindow(windows: readonly HourWindow[], select: (window: HourWindow) => ReturnType<typeof sql>) {
  return sql.join(windows.map(select), sql` union all `);
}

/** The counts by detail per window (links per card, as `sumDetails`): a period's first and last edge. */
export async function sumDetailWindows(db: Db, cardIds: readonly string[], windows: readonly HourWindow[]): Promise<WindowDetailRow[]> {
  if (cardIds.length === 0 || windows.length === 0) return [];
  const cardOfLink = sql`case when h.kind = 'link' then h.card_id else '' end`;
  const { rows } = await sql<Record<string, unknown>>`${perWindow(
    windows,
    (window) => sql`select ${wholeNumber(window.id)} as window_id, ${cardOfLink} as card_id, h.kind, h.detail, sum(h.count) as count from insight_detail_hourly as h
      where ${cardsOf(db, cardIds)} and h.hour >= ${wholeNumber(window.from)} and h.hour < ${wholeNumber(window.to)} group by ${cardOfLink}, h.kind, h.detail`,
  )}`.execute(db);
  return rows.map((row) => ({ window: Number(row.window_id), cardId: String(row.card_id), kind: String(row.kind), detail: String(row.detail), count: Number(row.count) }));
}

/** The rollup tables an account's archive carries (the visitors' hashes and salts never leave). */
export const archivedInsightTables = ['insight_hourly', 'insight_daily', 'insight_monthly', 'insight_detail_hourly', 'insight_detail_daily', 'insight_detail_monthly'] as const;
export type ArchivedInsightTable = (typeof archivedInsightTables)[number];

/** Every row of one rollup table for these cards. */
export async function listRollupRows(db: Db, table: ArchivedInsightTable, cardIds: readonly string[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const ids of chunks(cardIds, batchSize)) {
    rows.push(...((await db.selectFrom(table).selectAll().where('card_id', 'in', ids).execute()) as Record<string, unknown>[]));
  }
  return rows;
}

/** Rows of one rollup table, as an archive carried them (their card ids already this server's). */
export async function insertRollupRows(db: Db, table: ArchivedInsightTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (const batch of chunks(rows, batchSize)) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rows were checked against the table's columns by the caller
    await db.insertInto(table).values(batch as any).execute();
  }
}
