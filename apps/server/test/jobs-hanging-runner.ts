// A runner in its own process for the job contract's "killed mid-job" test: it takes one job of the kind it is
// given, says so on stdout and hangs in it until the test kills the process (SIGKILL: nothing gets to clean up).
import pino from 'pino';
import { openDatabase } from '../src/db/database';
import { createJobEngine } from '../src/jobs/jobs-module';

const [dialect, target, schema, kind, leaseMs] = process.argv.slice(2);
const database =
  dialect === 'sqlite'
    ? openDatabase({ sqliteFile: target! })
    : openDatabase({ databaseUrl: target!, ...(schema && schema !== '-' ? { pgSchema: schema } : {}) });
const engine = await createJobEngine({ database, logger: pino({ level: 'silent' }), pollIntervalMs: 100, leaseMs: Number(leaseMs) });
engine.register(kind!, async () => {
  process.stdout.write('started\n');
  await new Promise(() => undefined);
});
setInterval(() => undefined, 1000);
await engine.start();
