import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/** The counter columns as migration 0060 made them (a migration keeps its own copy: it never changes). */
const counterColumns = ['views', 'uniques', 'saves', 'wallet_adds', 'link_clicks', 'file_downloads', 'leads', 'mobile_views', 'tablet_views', 'desktop_views'] as const;

/**
 * Insights per UTC hour, so the dashboard can show days and months in the viewer's time zone. `insight_hourly` /
 * `insight_detail_hourly` have the daily tables' columns with `hour` (hours since 1970-01-01T00:00Z) for the day;
 * every flush adds to them beside the daily and monthly rollups, which stay per UTC day and month. Nothing is
 * copied over: counts from before have no hours and are read as whole UTC days.
 * `month_edge` is, for the hours from 14 before to 12 after the start of a UTC month (the only ones another zone
 * moves into a neighbouring month), their distance from it in hours (−14 to 11; null for every other hour). A
 * partial index on (card, month_edge, hour) lets a dashboard by month read, in one range per card, just the hours
 * its time zone moves at every month's start; an index on (card, hour of the day, hour) lets one by day read just
 * the hours its zone moves at every day's start (the same hours of each day while its offset stays).
 */
export function insightsHourly(t: ColumnTypes): Migration {
  const clustered = <B extends { modifyEnd(modifier: ReturnType<typeof sql>): B }>(builder: B): B =>
    t.dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder;
  return {
    async up(db: Kysely<unknown>) {
      let create = db.schema
        .createTable('insight_hourly')
        .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull());
      for (const column of counterColumns) create = create.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      create = create.addColumn('month_edge', 'integer');
      await clustered(create.addPrimaryKeyConstraint('insight_hourly_pk', ['card_id', 'hour', 'source'])).execute();
      await db.schema.createIndex('insight_hourly_month_edge').on('insight_hourly').columns(['card_id', 'month_edge', 'hour']).where(sql<boolean>`month_edge is not null`).execute();
      await sql`create index insight_hourly_hour_of_day on insight_hourly (card_id, (hour % 24), hour)`.execute(db);
      await clustered(
        db.schema
          .createTable('insight_detail_hourly')
          .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
          .addColumn('hour', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('insight_detail_hourly_pk', ['card_id', 'hour', 'kind', 'detail']),
      ).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('insight_detail_hourly').execute();
      await db.schema.dropTable('insight_hourly').execute();
    },
  };
}
