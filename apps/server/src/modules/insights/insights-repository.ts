import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One counter to add to: a card's metric on a UTC day, by source and detail ('' where none applies). */
export interface CounterIncrement {
  cardId: string;
  day: string;
  metric: string;
  source: string;
  detail: string;
  count: number;
}

const batchSize = 200;

/** The same counter twice summed into one: PostgreSQL refuses to upsert one row twice in a statement. */
function summed(increments: readonly CounterIncrement[]): CounterIncrement[] {
  const rows = new Map<string, CounterIncrement>();
  for (const row of increments) {
    const key = [row.cardId, row.day, row.metric, row.source, row.detail].join('\u0000');
    const known = rows.get(key);
    if (known) known.count += row.count;
    else rows.set(key, { ...row });
  }
  return [...rows.values()];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let at = 0; at < items.length; at += size) result.push(items.slice(at, at + size));
  return result;
}

/**
 * Adds the counts to the daily and the monthly rows, creating them as needed: `on conflict do update set count =
 * count + excluded.count`, which is additive, so two processes adding to the same row both land. Rows are
 * inserted from a `values` list joined to the card table, so counts for a card deleted meanwhile are dropped
 * instead of failing the batch on the foreign key. One transaction per flush.
 */
export async function addCounters(db: Db, increments: readonly CounterIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  // The same row twice in one statement is refused by PostgreSQL's upsert: sum them first.
  const byMonth = new Map<string, CounterIncrement>();
  for (const row of increments) {
    const month = row.day.slice(0, 7);
    const key = [row.cardId, month, row.metric, row.source, row.detail].join('\u0000');
    const known = byMonth.get(key);
    if (known) known.count += row.count;
    else byMonth.set(key, { ...row, day: month });
  }
  // Rows in one order in every process: two flushes upserting the same rows then wait for each other instead of
  // deadlocking (PostgreSQL locks each row as the statement reaches it).
  const order = (a: CounterIncrement, b: CounterIncrement) =>
    a.cardId.localeCompare(b.cardId) || a.day.localeCompare(b.day) || a.metric.localeCompare(b.metric) || a.source.localeCompare(b.source) || a.detail.localeCompare(b.detail);
  const daily = summed(increments).sort(order);
  const monthly = [...byMonth.values()].sort(order);
  await db.transaction().execute(async (trx) => {
    for (const [table, period, rows] of [
      ['insight_daily', 'day', daily],
      ['insight_monthly', 'month', monthly],
    ] as const) {
      for (const batch of chunks(rows, batchSize)) {
        const values = sql.join(
          batch.map(
            (row) =>
              sql`(cast(${row.cardId} as text), cast(${row.day} as text), cast(${row.metric} as text), cast(${row.source} as text), cast(${row.detail} as text), cast(${Math.trunc(row.count)} as integer))`,
          ),
        );
        await sql`insert into ${sql.table(table)} (card_id, ${sql.ref(period)}, metric, source, detail, count)
          select v.column1, v.column2, v.column3, v.column4, v.column5, v.column6
          from (values ${values}) as v
          join card on card.id = v.column1
          where true
          on conflict (card_id, ${sql.ref(period)}, metric, source, detail) do update set count = ${sql.table(table)}.count + excluded.count`.execute(trx);
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

/** Which cards a dashboard reads: one user's own, or a team's (its members' team cards and the owner's). */
export type CardSet = { ownerId: string } | { teamOwnerId: string };

export interface ScopeCard {
  id: string;
  title: string;
  name: string;
  username: string;
  ownerId: string;
  ownerName: string;
  links: string;
}

export async function listScopeCards(db: Db, cards: CardSet): Promise<ScopeCard[]> {
  let query = db
    .selectFrom('card')
    .leftJoin('user', 'user.id', 'card.owner_id')
    .select(['card.id', 'card.title', 'card.name', 'card.username', 'card.owner_id', 'user.name as owner_name', 'card.links']);
  query =
    'ownerId' in cards
      ? query.where('card.owner_id', '=', cards.ownerId)
      : query.where((eb) => eb.or([eb('card.team_owner_id', '=', cards.teamOwnerId), eb('card.owner_id', '=', cards.teamOwnerId)]));
  const rows = await query.orderBy('card.created_at').orderBy('card.id').execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    name: row.name,
    username: row.username,
    ownerId: row.owner_id,
    ownerName: row.owner_name ?? '',
    links: row.links,
  }));
}

export interface CounterRange {
  cardIds: readonly string[];
  bucket: 'day' | 'month';
  /** Inclusive bounds in the bucket's unit (days, or months as YYYY-MM). */
  from: string;
  to: string;
}

export interface SeriesRow {
  bucket: string;
  metric: string;
  count: number;
}
export interface CardTotalRow {
  cardId: string;
  metric: string;
  count: number;
}
export interface BreakdownRow {
  cardId: string;
  metric: string;
  source: string;
  detail: string;
  count: number;
}

const headlineMetrics = ['view', 'unique', 'save', 'wallet', 'link', 'file', 'lead'];

function counterTable(db: Db, range: CounterRange) {
  // A team's cards are listed by id: the primary key (card, period, …) then reads only their rows in range.
  return range.bucket === 'day'
    ? db
        .selectFrom('insight_daily as c')
        .select('c.day as bucket')
        .where('c.card_id', 'in', range.cardIds)
        .where('c.day', '>=', range.from)
        .where('c.day', '<=', range.to)
    : db
        .selectFrom('insight_monthly as c')
        .select('c.month as bucket')
        .where('c.card_id', 'in', range.cardIds)
        .where('c.month', '>=', range.from)
        .where('c.month', '<=', range.to);
}

/** The headline metrics per bucket (both periods: the range spans them). */
export async function sumSeries(db: Db, range: CounterRange): Promise<SeriesRow[]> {
  if (range.cardIds.length === 0) return [];
  const bucketColumn = range.bucket === 'day' ? 'c.day' : 'c.month';
  const rows = await counterTable(db, range)
    .select(['c.metric', sql<number>`sum(c.count)`.as('count')])
    .where('c.metric', 'in', headlineMetrics)
    .groupBy([sql.ref(bucketColumn), 'c.metric'])
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, metric: row.metric, count: Number(row.count) }));
}

/** The headline metrics per card over the range (one period). */
export async function sumByCard(db: Db, range: CounterRange): Promise<CardTotalRow[]> {
  if (range.cardIds.length === 0) return [];
  const rows = await counterTable(db, range)
    .clearSelect()
    .select(['c.card_id', 'c.metric', sql<number>`sum(c.count)`.as('count')])
    .where('c.metric', 'in', headlineMetrics)
    .groupBy(['c.card_id', 'c.metric'])
    .execute();
  return rows.map((row) => ({ cardId: row.card_id, metric: row.metric, count: Number(row.count) }));
}

/** The breakdowns over the range (one period): views and visitors by source, clicks by link, device, referrer, country. */
export async function sumBreakdowns(db: Db, range: CounterRange): Promise<BreakdownRow[]> {
  if (range.cardIds.length === 0) return [];
  const rows = await counterTable(db, range)
    .clearSelect()
    .select([
      sql<string>`case when c.metric = 'link' then c.card_id else '' end`.as('card_id'),
      'c.metric',
      'c.source',
      'c.detail',
      sql<number>`sum(c.count)`.as('count'),
    ])
    .where('c.metric', 'in', ['view', 'unique', 'link', 'device', 'referrer', 'country'])
    .groupBy([sql`case when c.metric = 'link' then c.card_id else '' end`, 'c.metric', 'c.source', 'c.detail'])
    .execute();
  return rows.map((row) => ({ cardId: row.card_id, metric: row.metric, source: row.source, detail: row.detail, count: Number(row.count) }));
}
