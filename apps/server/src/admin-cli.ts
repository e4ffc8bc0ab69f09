// `npm run admin -- <command>` (`--help` lists them): the operator's scripted actions, on the database the server
// uses (SQLite in DATA_DIR or DATABASE_URL), with the settings of the environment and `.env` as the server reads
// them (cli.ts). The services are composed as the server composes them; no route listens and no job runs. `backup`
// and `restore` compose nothing: they work on DATA_DIR while the server runs, or before it first starts.
import pino from 'pino';
import { buildApp } from './app';
import { runBackupCommand } from './backup/backup-cli-commands';
import { runCli, writeErr, writeOut } from './cli';
import { loadConfig } from './config';
import { adminCliUsage, parseAdminCommand, runAdminCommand } from './modules/admin/admin-module';

await runCli(adminCliUsage, async (args) => {
  parseAdminCommand(args);
  const config = loadConfig();
  if (args[0] === 'backup' || args[0] === 'restore') return runBackupCommand(config, args, writeOut, writeErr);
  const { app, services } = await buildApp({ config, logger: pino({ level: 'silent' }), serveWeb: false });
  try {
    return await runAdminCommand(services.admin, args, writeOut, writeErr);
  } finally {
    await app.close();
  }
});
