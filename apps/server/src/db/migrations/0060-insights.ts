import { sql, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/** Counter columns of the insights rollups, one per thing counted (views by device type included). */
export const insightCounterColumns = [
  'views',
  'uniques',
  'saves',
  'wallet_adds',
  'link_clicks',
  'file_downloads',
  'leads',
  'mobile_views',
  'tablet_views',
  'desktop_views',
] as const;

/**
 * Insights. `insight_daily` / `insight_monthly`: one row per card, UTC day (or calendar month) and visit source
 * ('' for what has none: saves, clicks, downloads, leads, devices), with one counter column per metric, so a
 * card's day is a handful of rows and a dashboard sums columns in one pass. `insight_detail_daily` /
 * `insight_detail_monthly`: counts by a detail (a link's id, a referring host, a country). All are written by
 * additive upserts, so any number of server processes add to the same rows. On SQLite the rows are stored in
 * primary-key order (WITHOUT ROWID): "these cards, this range" reads neighbouring pages.
 * Unique visitors need two short-lived tables: the day's random salt (`insight_salt`) and the salted hashes of
 * that day's visitors (`insight_visitor`), both deleted once their day is over.
 * The visitor counts the public page kept until now (`card_daily_stats`, no source) move over as source 'direct'
 * for views and that table is dropped.
 */
export function insights(t: ColumnTypes): Migration {
  // SQLite: store rows in primary-key order; PostgreSQL's heap has no such option (and needs none here).
  const clustered = <B extends { modifyEnd(modifier: ReturnType<typeof sql>): B }>(builder: B): B =>
    t.dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder;
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, period] of [
        ['insight_daily', 'day'],
        ['insight_monthly', 'month'],
      ] as const) {
        let create = db.schema
          .createTable(table)
          .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
          .addColumn(period, 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull());
        for (const column of insightCounterColumns) create = create.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
        await clustered(create.addPrimaryKeyConstraint(`${table}_pk`, ['card_id', period, 'source'])).execute();
      }
      for (const [table, period] of [
        ['insight_detail_daily', 'day'],
        ['insight_detail_monthly', 'month'],
      ] as const) {
        await clustered(
          db.schema
            .createTable(table)
            .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
            .addColumn(period, 'text', (c) => c.notNull())
            .addColumn('kind', 'text', (c) => c.notNull())
            .addColumn('detail', 'text', (c) => c.notNull())
            .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
            .addPrimaryKeyConstraint(`${table}_pk`, ['card_id', period, 'kind', 'detail']),
        ).execute();
      }
      await db.schema
        .createTable('insight_salt')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();
      await clustered(
        db.schema
          .createTable('insight_visitor')
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('card_id', 'text', (c) => c.notNull())
          .addColumn('visitor_hash', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('insight_visitor_pk', ['day', 'card_id', 'visitor_hash']),
      ).execute();

      const sumOf = (event: string) => sql`sum(case when event = ${event} then count else 0 end)`;
      await sql`insert into insight_daily (card_id, day, source, views, saves, link_clicks, file_downloads, leads)
        select card_id, day, 'direct', ${sumOf('view')}, 0, 0, 0, 0 from card_daily_stats where event = 'view' group by card_id, day`.execute(db);
      await sql`insert into insight_daily (card_id, day, source, views, saves, link_clicks, file_downloads, leads)
        select card_id, day, '', 0, ${sumOf('vcard')}, ${sumOf('link')}, ${sumOf('file')}, ${sumOf('lead')} from card_daily_stats
        where event <> 'view' group by card_id, day`.execute(db);
      await sql`insert into insight_monthly (card_id, month, source, views, saves, link_clicks, file_downloads, leads)
        select card_id, substr(day, 1, 7), source, sum(views), sum(saves), sum(link_clicks), sum(file_downloads), sum(leads)
        from insight_daily group by card_id, substr(day, 1, 7), source`.execute(db);
      await db.schema.dropTable('card_daily_stats').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_daily_stats')
        .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('card_daily_stats_pk', ['card_id', 'day', 'event'])
        .execute();
      for (const table of ['insight_visitor', 'insight_salt', 'insight_detail_monthly', 'insight_detail_daily', 'insight_monthly', 'insight_daily']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
