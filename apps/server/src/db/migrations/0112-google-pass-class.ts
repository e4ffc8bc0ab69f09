import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * What the Google pass class in Google's store holds (a hash; null: none stored yet). The class carries the
 * labels in every language, so it is stored over Google's API and replaced only when it changes.
 */
export function googlePassClass(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('wallet_pass').addColumn('google_class_tag', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('wallet_pass').dropColumn('google_class_tag').execute();
    },
  };
}
