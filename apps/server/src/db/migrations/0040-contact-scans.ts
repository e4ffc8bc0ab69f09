import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Contacts read from a paper card by the scanner: `is_scanned` makes the kind "scanned" (still `manual_add`,
 * as the person added it themselves), `scan_details` keeps what the contact's own columns have no room for as
 * JSON text (more emails and phones, websites, social links, the address, whether the card's photo is
 * stored), and `image_key` is the photo's storage key. The extra emails and phones are also written into
 * `search_text`, so search and the duplicate check find a contact by any of them.
 */
export function contactScans(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact').addColumn('is_scanned', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('contact').addColumn('scan_details', 'text').execute();
      await db.schema.alterTable('contact').addColumn('image_key', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('contact').dropColumn('image_key').execute();
      await db.schema.alterTable('contact').dropColumn('scan_details').execute();
      await db.schema.alterTable('contact').dropColumn('is_scanned').execute();
    },
  };
}
