import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Account archives: the exports ("Download my data", kept after their file is deleted so a moved account's old
 * server can name them), the imports with their reports, and which card each imported card became.
 */
export function accountArchive(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_export')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('file_key', 'text')
        .addColumn('size', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('ready_at', 'text')
        .addColumn('expires_at', 'text')
        .execute();
      await db.schema.createIndex('account_export_user').on('account_export').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('account_export_expiry').on('account_export').columns(['state', 'expires_at']).execute();
      await db.schema
        .createTable('account_import')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('export_id', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('file_key', 'text')
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('report', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('account_import_user').on('account_import').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('account_import_export').on('account_import').columns(['export_id', 'state']).execute();
      await db.schema
        .createTable('account_import_card')
        .addColumn('import_id', 'text', (col) => col.notNull())
        .addColumn('export_id', 'text', (col) => col.notNull())
        .addColumn('source_card_id', 'text', (col) => col.notNull())
        .addColumn('card_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('account_import_card_pk', ['import_id', 'source_card_id'])
        .execute();
      await db.schema.createIndex('account_import_card_export').on('account_import_card').column('export_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('account_import_card').execute();
      await db.schema.dropTable('account_import').execute();
      await db.schema.dropTable('account_export').execute();
    },
  };
}
