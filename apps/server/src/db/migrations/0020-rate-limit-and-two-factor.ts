import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The one rate-limit store (the app's routes and Better Auth share it; Better Auth's own `rateLimit` table
 * stays unused), and the two-factor plugin's table and user flag as its schema generator defines them.
 */
export function rateLimitAndTwoFactor(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_bucket')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        // Milliseconds since the epoch: the start of the bucket's current window.
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_bucket_expires_idx').on('rate_limit_bucket').column('expires_at').execute();
      await db.schema
        .alterTable('user')
        .addColumn('twoFactorEnabled', t.authBoolean, (c) => c.notNull().defaultTo(t.dialect === 'postgres' ? false : 0))
        .execute();
      await db.schema
        .createTable('twoFactor')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('backupCodes', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('verified', t.authBoolean)
        .addColumn('failedVerificationCount', 'integer')
        .addColumn('lockedUntil', t.authDate)
        .execute();
      await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
      await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('twoFactor').execute();
      await db.schema.alterTable('user').dropColumn('twoFactorEnabled').execute();
      await db.schema.dropTable('rate_limit_bucket').execute();
    },
  };
}
