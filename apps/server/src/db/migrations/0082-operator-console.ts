import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The operator console: who was promoted to operator (besides ADMIN_EMAILS), which accounts are disabled, the
 * instance's settings (the registration policy, as JSON under its key) and the audit log of every operator
 * action (`before`/`after` JSON; the actor's address is kept so the log outlives the account).
 */
export function operatorConsole(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_account')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('instance_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('admin_audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_audit_log_created_idx').on('admin_audit_log').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('admin_audit_log').execute();
      await db.schema.dropTable('instance_setting').execute();
      await db.schema.dropTable('operator_account').execute();
    },
  };
}
