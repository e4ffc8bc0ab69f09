import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * The language an invitation's mail is written in, chosen by whoever invites ('' on invitations from before:
 * English). A resent invitation keeps it.
 */
export function invitationLanguage(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('team_invitation').addColumn('language', 'text', (col) => col.notNull().defaultTo('')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('team_invitation').dropColumn('language').execute();
    },
  };
}
