import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import { pruneErrorLog } from '../src/http/error-log';
import { jobQueueContract, waitFor, type JobContractHarness } from './job-queue-contract';
import { runJobsCommand } from '../src/jobs/jobs-cli-commands';
import { createJobEngine } from '../src/jobs/jobs-module';
import { createSqliteJobEngine } from '../src/jobs/sqlite-job-engine';
import { createTestApp, openTestDatabase } from './test-app';

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

describe('operator commands (npm run jobs)', () => {
  let harness: JobContractHarness;
  beforeEach(async () => {
    harness = await openHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  it('counts, lists by status and retries a dead job', async () => {
    const jobs = await harness.engine();
    let fail = true;
    jobs.register('cli.demo', async () => {
      if (fail) throw new Error('the demo refused');
    });
    await jobs.enqueue(harness.db, 'cli.demo', {}, { retryLimit: 0 });
    await jobs.enqueue(harness.db, 'cli.demo', {}, { runAt: new Date(Date.now() + 60_000) });
    await jobs.runDue();
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runJobsCommand(jobs.admin, args, (line) => lines.push(line));
      return { code, lines };
    };

    expect((await run('counts')).lines).toEqual(['queued   1', 'running  0', 'failed   0', 'dead     1', 'done     0']);
    const dead = await run('list', '--status', 'dead');
    expect(dead.code).toBe(0);
    expect(dead.lines).toHaveLength(2);
    expect(dead.lines[0]).toMatch(/ dead {5}cli\.demo .*attempts 1 .*last error: the demo refused/);
    const id = dead.lines[0]!.split(' ')[0]!;
    expect((await run('list')).lines.at(-1)).toBe('2 job(s).');
    const stuck = await run('list', '--status', 'stuck');
    expect(stuck.code).toBe(2);
    expect(stuck.lines[0]).toBe('Unknown status "stuck": use one of queued, running, failed, dead, done.');
    expect((await run('retry', 'no-such-job')).code).toBe(1);
    expect((await run('retry', id)).code).toBe(0);
    fail = false;
    expect(await jobs.runDue()).toBe(1);
    expect((await run('counts')).lines).toEqual(['queued   1', 'running  0', 'failed   0', 'dead     0', 'done     1']);
    expect((await run('help')).code).toBe(2);
  });

  it.runIf(process.env.TEST_DB !== 'postgres')('runs as its own process on the configured database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-cli-'));
    try {
      const cli = path.join(import.meta.dirname, '../src/jobs-cli.ts');
      const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const result = spawnSync(process.execPath, ['--import', 'tsx', cli, 'counts'], { env, encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toBe('queued   0\nrunning  0\nfailed   0\ndead     0\ndone     0\n');
      const wrong = spawnSync(process.execPath, ['--import', 'tsx', cli, 'retry'], { env, encoding: 'utf8' });
      expect(wrong.status).toBe(2);
      expect(wrong.stdout).toBe('');
      expect(wrong.stderr).toContain('Usage: npm run jobs -- <command>');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite runner between a schedule\'s times', () => {
  it.runIf(process.env.TEST_DB !== 'postgres')('fires at each time and leaves the schedules table alone in between', async () => {
    const test = await openTestDatabase();
    await migrateToLatest(test.handle);
    let clock = new Date('2026-11-24T10:00:30Z');
    let schedulesQueries = 0;
    const counted = test.handle.db.withPlugin({
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('"job_schedules"')) schedulesQueries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const fired: string[] = [];
    const jobs = createSqliteJobEngine({ db: counted, logger: pino({ level: 'silent' }), pollIntervalMs: 20, now: () => clock });
    jobs.register('hourly.check', async () => void fired.push(clock.toISOString()));
    jobs.schedule('hourly.check', '0 * * * *');
    try {
      await jobs.start();
      await waitFor('the first time to fire', async () => fired.length === 1);
      const queriesAfterFiring = schedulesQueries;
      clock = new Date('2026-11-24T10:59:59Z');
      await new Promise((resolve) => setTimeout(resolve, 200)); // about ten polls
      expect(schedulesQueries).toBe(queriesAfterFiring);
      expect(fired).toHaveLength(1);

      clock = new Date('2026-11-24T11:00:00Z');
      await waitFor('the next time to fire', async () => fired.length === 2);
      expect(fired).toEqual(['2026-11-24T10:00:30.000Z', '2026-11-24T11:00:00.000Z']);
    } finally {
      await jobs.stop();
      await test.handle.destroy();
      await test.drop();
    }
  });
});

describe('scheduled clean-ups', () => {
  it('prunes error log entries older than the retention and keeps the rest', async () => {
    const t = await createTestApp({ ERROR_LOG_RETENTION_DAYS: '90' });
    try {
      const day = 86_400_000;
      const entry = (id: string, ageDays: number) => ({ id, message: id, context: null, created_at: new Date(Date.now() - ageDays * day).toISOString() });
      await t.services.database.db.insertInto('error_log').values([entry('old', 91), entry('recent', 89)]).execute();
      expect(await pruneErrorLog(t.services.database.db, t.services.config.errorLogRetentionDays)).toBe(1);
      expect((await t.services.database.db.selectFrom('error_log').select('id').execute()).map((row) => row.id)).toEqual(['recent']);
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.TEST_DB !== 'postgres')('are scheduled when the runner starts, with the billing clock', async () => {
    const t = await createTestApp();
    try {
      await t.services.jobs.start();
      const kinds = await waitFor('the schedules', async () => {
        const rows = await t.services.database.db.selectFrom('job_schedules').select(['kind', 'cron']).orderBy('kind').execute();
        return rows.length === 7 ? rows : undefined;
      });
      expect(kinds).toEqual([
        { kind: 'account-archive.expire-exports', cron: '25 * * * *' },
        { kind: 'billing.clock', cron: '* * * * *' },
        { kind: 'design-requests.retention', cron: '30 3 * * *' },
        { kind: 'error-log.prune', cron: '20 3 * * *' },
        { kind: 'insights.forget-visitors', cron: '5 0 * * *' },
        { kind: 'mail.retention', cron: '10 3 * * *' },
        { kind: 'wallet.credential-expiry', cron: '15 6 * * *' },
      ]);
    } finally {
      await t.close();
    }
  });
});
