import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Each account's language and time zone ('' on every account from before, and until chosen: English and UTC).
 * Columns of the auth module's `user` table, beside the name and email the mails already read.
 */
export function accountPreferences(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user').addColumn('language', 'text', (col) => col.notNull().defaultTo('')).execute();
      await db.schema.alterTable('user').addColumn('timeZone', 'text', (col) => col.notNull().defaultTo('')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user').dropColumn('timeZone').execute();
      await db.schema.alterTable('user').dropColumn('language').execute();
    },
  };
}
