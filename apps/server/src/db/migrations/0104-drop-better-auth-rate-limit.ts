import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Better Auth's `rateLimit` table, made with its other tables, was never written: its limits count in the app's
 * one limiter (`rate_limit_bucket`, through the library's custom storage).
 */
export function dropBetterAuthRateLimit(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('rateLimit').ifExists().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
