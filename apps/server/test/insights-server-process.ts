// One server process for the insights counting test: the app on the given database (SQLite file or a
// PostgreSQL schema), listening on a free loopback port, which it prints. SIGTERM closes the app, which writes
// the counts it still holds, then the process exits.
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';

const [dialect, target, schema, dataDir] = process.argv.slice(2);
const database =
  dialect === 'sqlite'
    ? openDatabase({ sqliteFile: target! })
    : openDatabase({ databaseUrl: target!, ...(schema && schema !== '-' ? { pgSchema: schema } : {}) });
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir!,
  BASE_URL: 'http://localhost:3000',
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
  // The test stands in for a proxy that names each visitor's address.
  TRUST_PROXY: '1',
  CARD_STATS_FLUSH_SECONDS: '0.2',
});
// Errors go to stderr, which the test shows.
const { app } = await buildApp({ config, database, serveWeb: false, logger: pino({ level: 'error' }, pino.destination(2)) });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
