// `npm run admin -- promote <email> | demote <email> | preorders create --product-id … --product-name … --count N | users list`:
// the operator's scripted actions, on the database the server uses (SQLite in DATA_DIR or DATABASE_URL). The
// services are composed as the server composes them; no route listens and no job runs.
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { runAdminCommand } from './modules/admin/admin-module';

try {
  const config = loadConfig();
  const { app, services } = await buildApp({ config, logger: pino({ level: 'silent' }), serveWeb: false });
  try {
    process.exitCode = await runAdminCommand(
      services.admin,
      process.argv.slice(2),
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
