// `npm run jobs -- counts | list [--status S] | retry <id>`: the operator's view of the background jobs, on the
// database the server uses (SQLite in DATA_DIR or DATABASE_URL). It starts no runner.
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { loadEnvFile } from './env-file';
import { migrateToLatest, openDatabase } from './db/database';
import { createJobEngine } from './jobs/jobs-module';
import { runJobsCommand } from './jobs/jobs-cli-commands';

try {
  loadEnvFile();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cards.sqlite') });
  try {
    await migrateToLatest(database);
    const engine = await createJobEngine({ database, logger: pino({ level: 'silent' }), pollIntervalMs: config.jobs.pollIntervalMs });
    process.exitCode = await runJobsCommand(engine.admin, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
