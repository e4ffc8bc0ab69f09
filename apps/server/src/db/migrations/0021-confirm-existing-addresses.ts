import { sql, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Accounts created before addresses were verified keep working as before (lead mails, invitations): they are
 * counted as confirmed once, when this runs. Every account created or email changed afterwards confirms by link.
 */
export function confirmExistingAddresses(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const verified = t.dialect === 'postgres' ? sql`true` : sql`1`;
      await sql`update "user" set "emailVerified" = ${verified}`.execute(db);
    },
    async down() {
      // Nothing to undo: which accounts were confirmed before is not known any more.
    },
  };
}
