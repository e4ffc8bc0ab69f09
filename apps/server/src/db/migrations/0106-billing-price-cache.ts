import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The payment provider's prices as last read (one row per provider): the pricing page shows the amounts and
 * currency the operator charges, and keeps showing them while the provider cannot be reached. A subscription
 * keeps the currency its provider reported, so its amount is shown in it (null on rows from before).
 */
export function billingPriceCache(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_price_cache')
        .addColumn('provider', 'text', (col) => col.primaryKey())
        .addColumn('price_list', 'text', (col) => col.notNull())
        .addColumn('read_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.alterTable('billing_subscription').addColumn('currency', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('billing_subscription').dropColumn('currency').execute();
      await db.schema.dropTable('billing_price_cache').execute();
    },
  };
}
