import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from './column-types';
import { authTables } from './0001-auth-tables';
import { mailAndErrors } from './0002-mail-and-errors';
import { cards } from './0003-cards';
import { billing } from './0004-billing';
import { billingCustomers } from './0004-billing-customers';
import { publicCard } from './0005-public-card';
import { contacts } from './0006-contacts';
import { teams } from './0007-teams';

/**
 * One ordered list of migrations for both engines. A migration is a function of the column types
 * so the same file creates the same tables on SQLite and PostgreSQL. Append; never edit a landed one.
 */
const migrations = [
  ['0001-auth-tables', authTables],
  ['0002-mail-and-errors', mailAndErrors],
  ['0003-cards', cards],
  ['0004-billing', billing],
  ['0004-billing-customers', billingCustomers],
  ['0005-public-card', publicCard],
  ['0006-contacts', contacts],
  ['0007-teams', teams],
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
