import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Passkeys (WebAuthn credentials): a way to sign in, and a second factor. The public key and the credential id
 * are stored as base64url text; the signature counter goes up with each use (a clone shows as a counter that
 * does not). A passkey goes with its user.
 */
export function passkeys(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkey')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        // Comma-separated WebAuthn transports (usb, nfc, ble, internal, hybrid), as the browser reported them.
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('is_backed_up', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('passkey_user_idx').on('passkey').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey').execute();
    },
  };
}
