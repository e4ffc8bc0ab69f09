import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnTypes } from './column-types';

/**
 * Which run of the `teams.import` job holds an import: progress is saved only by that run, so a run that lost
 * its job (its process stalled and the job engine gave the job to another) can no longer write over it.
 */
export function teamImportHolder(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('team_import_job').addColumn('held_by', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('team_import_job').dropColumn('held_by').execute();
    },
  };
}
