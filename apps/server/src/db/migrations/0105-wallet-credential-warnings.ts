import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The expiry warnings mailed to the operators about the Apple signing certificate and the APNs key: one row per
 * credential, expiry date and threshold (30, 7, 0 days), so the daily job mails each warning once, and a renewed
 * credential (a new expiry date) is warned about afresh.
 */
export function walletCredentialWarnings(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallet_credential_warning')
        .addColumn('credential', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('threshold_days', 'integer', (col) => col.notNull())
        .addColumn('sent_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('wallet_credential_warning_pk', ['credential', 'expires_at', 'threshold_days'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wallet_credential_warning').execute();
    },
  };
}
