import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The language a card's public page is shown in when its owner fixes one ('' on every card from before: the page
 * follows each visitor's Accept-Language).
 */
export function cardPageLanguage(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('card').addColumn('page_language', 'text', (col) => col.notNull().defaultTo('')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('card').dropColumn('page_language').execute();
    },
  };
}
