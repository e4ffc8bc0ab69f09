import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from './column-types';
import { authTables } from './0001-auth-tables';
import { mailAndErrors } from './0002-mail-and-errors';

/**
 * One ordered list of migrations for both engines. A migration is a function of the column types
 * so the same file creates the same tables on SQLite and PostgreSQL. Append; never edit a landed one.
 */
const migrations = [
  ['0001-auth-tables', authTables],
  ['0002-mail-and-errors', mailAndErrors],
] as const;

export function migrationProvider(dialect: DialectName): MigrationProvider {
  const types = columnTypes(dialect);
  return {
    async getMigrations() {
      const result: Record<string, Migration> = {};
      for (const [name, create] of migrations) result[name] = create(types);
      return result;
    },
  };
}
