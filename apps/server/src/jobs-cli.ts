// `npm run jobs -- counts | list [--status S] | retry <id>`: the operator's view of the background jobs, on the
// database the server uses (SQLite in DATA_DIR or DATABASE_URL; the environment and `.env`, cli.ts). It starts no
// runner.
import path from 'node:path';
import pino from 'pino';
import { runCli, writeErr, writeOut } from './cli';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { createJobEngine } from './jobs/jobs-module';
import { jobsCliUsage, parseJobsCommand, runJobsCommand } from './jobs/jobs-cli-commands';

await runCli(jobsCliUsage, async (args) => {
  parseJobsCommand(args);
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cards.sqlite') });
  try {
    await migrateToLatest(database);
    const engine = await createJobEngine({ database, logger: pino({ level: 'silent' }), pollIntervalMs: config.jobs.pollIntervalMs });
    return await runJobsCommand(engine.admin, args, writeOut, writeErr);
  } finally {
    await database.destroy();
  }
});
