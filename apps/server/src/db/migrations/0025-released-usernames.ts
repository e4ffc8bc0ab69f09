import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Usernames a card gave up (renamed, card or account deleted), kept for a quarantine period so nobody else
 * can take the address at once and receive the visitors, links and printed QR codes meant for its former
 * holder. Keyed by the lower-cased username; `user_id` is the account that held it (it may take it back) and
 * has no foreign key, because the row must outlive a deleted account.
 */
export function releasedUsernames(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('released_username')
        .addColumn('username_key', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('released_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('released_username_released_at_idx').on('released_username').column('released_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('released_username').execute();
    },
  };
}
