import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Wallet passes. `wallet_pass`: one row per card that has wallet settings or a generated Apple pass: the
 * settings of each tab (JSON, null = follow the card), `settings_revision` (up by one on every settings change,
 * so a pass file names the card version and settings revision it shows), the stored .pkpass and what it was made
 * for, the SHA-256 of the pass's authentication token (the token itself is derived from the server secret when
 * a pass is built, never stored), and `updated_at`, when what the pass shows last changed (Last-Modified, and
 * the tag of "passes updated since"). `wallet_device`: a device registered for a pass's updates (Apple's web
 * service), with its push token; both go with the card.
 */
export function walletPasses(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallet_pass')
        .addColumn('card_id', 'text', (c) => c.primaryKey().references('card.id').onDelete('cascade'))
        .addColumn('apple_settings', 'text')
        .addColumn('google_settings', 'text')
        .addColumn('settings_revision', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('auth_token_hash', 'text')
        .addColumn('pass_key', 'text')
        .addColumn('pass_tag', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wallet_device')
        .addColumn('device_library_id', 'text', (c) => c.notNull())
        .addColumn('card_id', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
        .addColumn('pass_type_id', 'text', (c) => c.notNull())
        .addColumn('push_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('wallet_device_pk', ['device_library_id', 'card_id'])
        .execute();
      await db.schema.createIndex('wallet_device_card_idx').on('wallet_device').column('card_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wallet_device').execute();
      await db.schema.dropTable('wallet_pass').execute();
    },
  };
}
