import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The payment provider's customer of each user, created once and reused for every checkout and portal visit
 * (a second Stripe customer would split the payment history and give a second free trial). A follow-up of
 * 0004-billing, which had landed: migrations are appended, never edited.
 */
export function billingCustomers(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_customer')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('billing_customer_pk', ['user_id', 'provider'])
        .addUniqueConstraint('billing_customer_provider_id_unique', ['provider', 'customer_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('billing_customer').execute();
    },
  };
}
