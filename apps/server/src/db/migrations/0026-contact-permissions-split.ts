import { sql, type Kysely } from 'kysely';
import { type Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

type PermissionRow = { name: string; checked: boolean };

/** A stored role list with `contacts` replaced by the two permissions it becomes, each as checked as it was. */
export function splitContactsRow(list: readonly PermissionRow[], into: readonly [string, string]): PermissionRow[] {
  return list.flatMap((row) => (row.name === 'contacts' ? into.map((name) => ({ name, checked: row.checked })) : [row]));
}

function rewrite(json: string, into: readonly [string, string]): string {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? JSON.stringify(splitContactsRow(list as PermissionRow[], into)) : json;
  } catch {
    return json;
  }
}

/**
 * The team `contacts` permission becomes `readContacts` (see the team's leads) and `manageContacts` (change
 * and delete them). A role that had `contacts` keeps exactly what it could do: it gets both. The lists are
 * JSON text, so the rows are rewritten one team at a time (teams are few; no engine-specific JSON SQL).
 */
export function contactPermissionsSplit(_t: ColumnTypes): Migration {
  const upgrade = async (db: Kysely<unknown>, into: readonly [string, string]) => {
    const teams = await sql<{ team_owner_id: string; admin: string; employee: string }>`select team_owner_id, admin, employee from team_roles`.execute(db);
    for (const team of teams.rows) {
      await sql`update team_roles set admin = ${rewrite(team.admin, into)}, employee = ${rewrite(team.employee, into)} where team_owner_id = ${team.team_owner_id}`.execute(db);
    }
  };
  return {
    up: (db) => upgrade(db, ['readContacts', 'manageContacts']),
    // Back to one permission: a role keeps `contacts` only when it may read them (read is what it granted).
    async down(db) {
      const teams = await sql<{ team_owner_id: string; admin: string; employee: string }>`select team_owner_id, admin, employee from team_roles`.execute(db);
      const merge = (json: string) => {
        const list = JSON.parse(json) as PermissionRow[];
        const read = list.find((row) => row.name === 'readContacts')?.checked ?? false;
        return JSON.stringify(list.filter((row) => row.name !== 'manageContacts').map((row) => (row.name === 'readContacts' ? { name: 'contacts', checked: read } : row)));
      };
      for (const team of teams.rows) {
        await sql`update team_roles set admin = ${merge(team.admin)}, employee = ${merge(team.employee)} where team_owner_id = ${team.team_owner_id}`.execute(db);
      }
    },
  };
}
