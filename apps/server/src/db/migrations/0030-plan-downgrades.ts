import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * A downgrade the person confirmed (or a paid plan that ended), and the effects it has when the paid period is
 * over. `impacts` is the list the dialog showed, as JSON, so the job does exactly that. Status: `scheduled`
 * (waiting for the period end), `due` (the plan has dropped; effects to apply, again after a crash), `applied`,
 * `cancelled` (upgraded again before the end). At most one open (scheduled or due) downgrade per user.
 */
export function planDowngrades(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plan_downgrade')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('from_plan', 'text', (c) => c.notNull())
        .addColumn('to_plan', 'text', (c) => c.notNull())
        .addColumn('impacts', 'text', (c) => c.notNull())
        .addColumn('effective_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('applied_at', 'text')
        .execute();
      await db.schema.createIndex('plan_downgrade_status_idx').on('plan_downgrade').columns(['status', 'effective_at']).execute();
      await db.schema.createIndex('plan_downgrade_user_idx').on('plan_downgrade').columns(['user_id', 'status']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('plan_downgrade').execute();
    },
  };
}
