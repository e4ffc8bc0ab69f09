import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * A moved account, on the server it left: where it moved (one row per account) and where each of its moved cards
 * went (one row per card; the public page answers the card's addresses with a redirect there). Both go with the
 * account; "Undo" deletes them.
 */
export function accountMoves(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_move')
        .addColumn('user_id', 'text', (col) => col.primaryKey())
        .addColumn('address', 'text', (col) => col.notNull())
        .addColumn('export_id', 'text', (col) => col.notNull())
        .addColumn('moved_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('card_move')
        .addColumn('card_id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('target_url', 'text', (col) => col.notNull())
        .addColumn('moved_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('card_move_user').on('card_move').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('card_move').execute();
      await db.schema.dropTable('account_move').execute();
    },
  };
}
