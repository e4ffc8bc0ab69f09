import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Subscriptions per user (as the payment provider reports them), the provider events already processed,
 * and the built-in local provider's checkout sessions. Times are ISO-8601 text, booleans 0/1.
 */
export function billing(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_subscription')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_subscription_id', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('team_tier', 'integer')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('current_period_end', 'text', (c) => c.notNull())
        .addColumn('trial_end', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('price_id', 'text', (c) => c.notNull())
        .addColumn('unit_amount', 'integer', (c) => c.notNull())
        .addColumn('interval', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('card_limitation', 'integer')
        .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('billing_subscription_provider_id_unique', ['provider', 'provider_subscription_id'])
        .execute();
      await db.schema.createIndex('billing_subscription_user_idx').on('billing_subscription').column('user_id').execute();
      // The clock sweep looks for subscriptions whose period has ended.
      await db.schema
        .createIndex('billing_subscription_period_end_idx')
        .on('billing_subscription')
        .columns(['status', 'current_period_end'])
        .execute();

      await db.schema
        .createTable('billing_webhook_event')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('billing_webhook_event_pk', ['provider', 'event_id'])
        .execute();

      await db.schema
        .createTable('billing_local_checkout')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('price_id', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('trial_days', 'integer', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema.createIndex('billing_local_checkout_user_idx').on('billing_local_checkout').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('billing_local_checkout').execute();
      await db.schema.dropTable('billing_webhook_event').execute();
      await db.schema.dropTable('billing_subscription').execute();
    },
  };
}
