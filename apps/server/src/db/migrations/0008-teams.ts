import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Teams: their members and their role permission lists. The team owner's user id is the team id.
 *
 * - team_member: one row per invited person; `user_id` is set when the invitation is accepted. A person is
 *   in at most one team (unique user_id; several NULLs are allowed on both engines) and once per team
 *   (unique team owner + email, emails lower-cased by the application). `pending_card` holds the card
 *   fields of a bulk import row until the member accepts and their card is made.
 * - team_roles: the admin and employee permission lists of one team, JSON text of {name, checked} rows.
 * - team_invitation: the links sent by email. Only a hash of each token is stored; a link that was resent,
 *   revoked or accepted keeps its row so it can be answered with a clear message.
 * - team_import_job: a bulk import's rows and progress, so any process can run it and report on it.
 */
export function teams(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('team_member')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('is_accepted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_login_at', 'text')
        .addColumn('last_login_at', 'text')
        .addColumn('invited_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('pending_card', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('team_member_owner_email_unique').on('team_member').columns(['team_owner_id', 'email']).unique().execute();
      await db.schema.createIndex('team_member_user_unique').on('team_member').column('user_id').unique().execute();
      await db.schema.createIndex('team_member_owner_newest_idx').on('team_member').columns(['team_owner_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('team_roles')
        .addColumn('team_owner_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('admin', 'text', (c) => c.notNull())
        .addColumn('employee', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('team_invitation')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('member_id', 'text', (c) => c.references('team_member.id').onDelete('set null'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('is_revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('accepted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('team_invitation_token_unique').on('team_invitation').column('token_hash').unique().execute();
      await db.schema.createIndex('team_invitation_member_idx').on('team_invitation').column('member_id').execute();

      await db.schema
        .createTable('team_import_job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('records', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('total_rows', 'integer', (c) => c.notNull())
        .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rejected_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('team_import_job_status_idx').on('team_import_job').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('team_import_job_owner_idx').on('team_import_job').columns(['team_owner_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('team_import_job').execute();
      await db.schema.dropTable('team_invitation').execute();
      await db.schema.dropTable('team_roles').execute();
      await db.schema.dropTable('team_member').execute();
    },
  };
}
