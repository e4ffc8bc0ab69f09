import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * What visitors do on a card's public page, counted per card, UTC day and event (view, vcard, link, file,
 * lead): one row per combination with a counter, so a busy card adds a handful of rows a day however many
 * people open it. Nothing identifies a visitor. The primary key serves "one card, a range of days"; the rows
 * go with their card.
 */
export function publicCard(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_daily_stats')
        .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('card_daily_stats_pk', ['card_id', 'day', 'event'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('card_daily_stats').execute();
    },
  };
}
