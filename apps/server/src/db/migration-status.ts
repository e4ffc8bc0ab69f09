import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database';
import { migrationProvider } from './migrations/index';

/**
 * The migrations this code knows that the database has not recorded (the readiness check). Throws when the
 * database cannot be read.
 */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
