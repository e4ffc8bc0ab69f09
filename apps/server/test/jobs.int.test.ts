import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import { jobQueueContract, type JobContractHarness } from '../src/jobs/job-queue.contract';
import { createJobEngine } from '../src/jobs/jobs-module';
import { openTestDatabase } from './test-app';

const runnerScript = path.join(import.meta.dirname, 'jobs-hanging-runner.ts');

/**
 * The database a second runner uses: on PostgreSQL its own pool, as a second server process would have. On
 * SQLite the same connection: better-sqlite3 waits for a lock synchronously, so two connections in one process
 * would block each other (two processes are tested with a real child process below).
 */
function openSameDatabase(handle: DatabaseHandle): DatabaseHandle {
  return handle.dialect === 'sqlite'
    ? { ...handle, destroy: async () => undefined }
    : openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, ...(handle.schema ? { pgSchema: handle.schema } : {}) });
}

async function openHarness(): Promise<JobContractHarness> {
  const test = await openTestDatabase();
  await migrateToLatest(test.handle);
  const handles: DatabaseHandle[] = [];
  const children: ReturnType<typeof spawn>[] = [];
  const logger = pino({ level: 'silent' });
  return {
    db: test.handle.db,
    async engine(options = {}) {
      const database = openSameDatabase(test.handle);
      handles.push(database);
      return createJobEngine({ database, logger, pollIntervalMs: 100, maintenanceIntervalSeconds: 1, ...options });
    },
    async spawnHangingRunner(kind, leaseMs) {
      const target = test.handle.dialect === 'sqlite' ? path.join(test.dataDir, 'cards.sqlite') : process.env.TEST_DATABASE_URL!;
      const child = spawn(process.execPath, ['--import', 'tsx', runnerScript, test.handle.dialect, target, test.handle.schema ?? '-', kind, String(leaseMs)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('started')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the runner process exited (${code}) before taking the job`)));
      });
      return {
        kill: () =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      };
    },
    async close() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const handle of handles) await handle.destroy();
      await test.handle.destroy();
      await test.drop();
    },
  };
}

jobQueueContract(process.env.TEST_DB === 'postgres' ? 'pg-boss' : 'sqlite', openHarness);
