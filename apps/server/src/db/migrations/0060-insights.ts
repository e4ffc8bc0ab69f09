import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Insights: daily and monthly counters per card, metric, source and detail (a link's id, a device type, a
 * referring host, a country; '' when none), written by additive upserts so any number of server processes can
 * add to the same row. The monthly table holds the same counts summed by calendar month, so a year of a team's
 * numbers is read from a few rows per card. Unique visitors need two short-lived tables: the day's random salt
 * (`insight_salt`) and the salted hashes of that day's visitors (`insight_visitor`), both deleted once their day
 * is over, so no visitor can be recognised across days. The visitor counts the public page kept until now
 * (`card_daily_stats`, no source) move over as source 'direct' and that table is dropped.
 */
export function insights(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, period] of [
        ['insight_daily', 'day'],
        ['insight_monthly', 'month'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
          .addColumn(period, 'text', (c) => c.notNull())
          .addColumn('metric', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint(`${table}_pk`, ['card_id', period, 'metric', 'source', 'detail'])
          .execute();
      }
      await db.schema
        .createTable('insight_salt')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('insight_visitor')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('card_id', 'text', (c) => c.notNull())
        .addColumn('visitor_hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_visitor_pk', ['day', 'card_id', 'visitor_hash'])
        .execute();

      const metricOf = sql`case event when 'vcard' then 'save' else event end`;
      await sql`insert into insight_daily (card_id, day, metric, source, detail, count)
        select card_id, day, ${metricOf}, case event when 'view' then 'direct' else '' end, '', count from card_daily_stats`.execute(db);
      await sql`insert into insight_monthly (card_id, month, metric, source, detail, count)
        select card_id, substr(day, 1, 7), metric, source, detail, sum(count) from insight_daily
        group by card_id, substr(day, 1, 7), metric, source, detail`.execute(db);
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
      await db.schema.dropTable('insight_visitor').execute();
      await db.schema.dropTable('insight_salt').execute();
      await db.schema.dropTable('insight_monthly').execute();
      await db.schema.dropTable('insight_daily').execute();
    },
  };
}
