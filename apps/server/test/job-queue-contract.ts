import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyConnection } from '../src/db/schema';
import type { JobEngine } from '../src/jobs/job-queue';

/*
 * What every job engine promises, as one suite both adapters run (apps/server/test/jobs.int.test.ts: SQLite
 * always, pg-boss when TEST_DATABASE_URL is set). Each test uses kinds of its own: the engines of a file share
 * one database.
 */

export interface JobContractHarness {
  db: AnyConnection;
  /** A new engine on the same database, as another server process would have. */
  engine(options?: { leaseMs?: number; stopTimeoutMs?: number }): Promise<JobEngine>;
  /** A runner in a child process that takes one job of `kind` and hangs in it; resolves once the job started. */
  spawnHangingRunner(kind: string, leaseMs: number): Promise<{ kill(): Promise<void> }>;
  close(): Promise<void>;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function jobQueueContract(engineName: string, open: () => Promise<JobContractHarness>): void {
  describe(`job engine contract (${engineName})`, () => {
    let harness: JobContractHarness;
    const engines: JobEngine[] = [];
    const engine = async (options?: Parameters<JobContractHarness['engine']>[0]) => {
      const made = await harness.engine(options);
      engines.push(made);
      return made;
    };

    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      for (const made of engines.splice(0)) await made.stop();
      await harness.close();
    });

    it('enqueues inside the caller’s transaction: rolled back → no job, committed → it runs with its payload', async () => {
      const jobs = await engine();
      const seen: unknown[] = [];
      jobs.register('contract.tx', async (payload) => void seen.push(payload));
      await expect(
        harness.db.transaction().execute(async (trx: AnyConnection) => {
          await jobs.enqueue(trx, 'contract.tx', { n: 1 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await jobs.runDue()).toBe(0);
      expect((await jobs.admin.counts()).queued).toBe(0);

      await harness.db.transaction().execute(async (trx: AnyConnection) => {
        await jobs.enqueue(trx, 'contract.tx', { n: 2 });
        // Not visible outside the transaction before it commits.
        await sql`select 1`.execute(trx);
      });
      expect((await jobs.admin.counts()).queued).toBe(1);
      expect(await jobs.runDue()).toBe(1);
      expect(seen).toEqual([{ n: 2 }]);
      expect(await jobs.admin.counts()).toMatchObject({ queued: 0, running: 0, done: 1 });

      // A pass can be limited to some kinds.
      jobs.register('contract.other', async () => void seen.push('other'));
      await jobs.enqueue(harness.db, 'contract.other', {});
      await jobs.enqueue(harness.db, 'contract.tx', { n: 3 });
      expect(await jobs.runDue({ kinds: ['contract.tx'] })).toBe(1);
      expect(await jobs.runDue({ kinds: ['contract.other'] })).toBe(1);
      expect(seen).toEqual([{ n: 2 }, { n: 3 }, 'other']);
    });

    it('does not run a job before runAt', async () => {
      const jobs = await engine();
      let ran = 0;
      jobs.register('contract.later', async () => void (ran += 1));
      await jobs.enqueue(harness.db, 'contract.later', {}, { runAt: new Date(Date.now() + 60_000) });
      expect(await jobs.runDue()).toBe(0);
      expect(ran).toBe(0);
      expect((await jobs.admin.list({ status: 'queued' }))[0]?.runAt).toBeDefined();
    });

    it('retries a failing job with a growing delay, then marks it dead; an operator can retry it', async () => {
      const jobs = await engine();
      const attempts: number[] = [];
      let shouldFail = true;
      jobs.register<{ id: string }>('contract.fail', async (_payload, context) => {
        attempts.push(context.attempt);
        if (shouldFail) throw new Error(`refused on attempt ${context.attempt}`);
      });
      await jobs.enqueue(harness.db, 'contract.fail', { id: 'a' }, { retryLimit: 2, retryDelaySeconds: 0 });
      await jobs.runDue();
      expect(attempts).toEqual([1, 2, 3]);
      const [dead] = await jobs.admin.list({ status: 'dead' });
      expect(dead).toMatchObject({ kind: 'contract.fail', status: 'dead', attempts: 3 });
      expect(dead?.lastError).toMatch(/refused on attempt 3/);
      expect(await jobs.runDue()).toBe(0);

      shouldFail = false;
      expect(await jobs.admin.retry(dead!.id)).toBe(true);
      expect(await jobs.admin.retry('00000000-0000-0000-0000-000000000000')).toBe(false);
      expect(await jobs.runDue()).toBe(1);
      expect((await jobs.admin.counts()).dead).toBe(0);

      // Backoff: the retry after a failure waits at least the delay.
      shouldFail = true;
      const before = Date.now();
      await jobs.enqueue(harness.db, 'contract.fail', { id: 'b' }, { retryLimit: 3, retryDelaySeconds: 2 });
      await jobs.runDue();
      const [failed] = await jobs.admin.list({ status: 'failed' });
      expect(failed).toMatchObject({ status: 'failed' });
      expect(new Date(failed!.runAt).getTime()).toBeGreaterThanOrEqual(before + 1900);
      expect(await jobs.runDue()).toBe(0);
    });

    it('keeps one live job per singleton key; a finished one frees the key', async () => {
      const jobs = await engine();
      const seen: unknown[] = [];
      jobs.register('contract.single', async (payload) => void seen.push(payload));
      await jobs.enqueue(harness.db, 'contract.single', { n: 1 }, { singletonKey: 'k' });
      await harness.db.transaction().execute((trx) => jobs.enqueue(trx, 'contract.single', { n: 2 }, { singletonKey: 'k' }));
      await jobs.enqueue(harness.db, 'contract.single', { n: 3 }, { singletonKey: 'other' });
      expect((await jobs.admin.counts()).queued).toBe(2);
      await jobs.runDue();
      expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }]));
      expect(seen).toHaveLength(2);
      await jobs.enqueue(harness.db, 'contract.single', { n: 4 }, { singletonKey: 'k' });
      await jobs.runDue();
      expect(seen).toContainEqual({ n: 4 });
    });

    it('runs queued jobs with a started runner, each once, with two runners on one database', async () => {
      const first = await engine();
      const second = await engine();
      const seen: number[] = [];
      for (const runner of [first, second]) {
        runner.register<{ n: number }>('contract.shared', async (payload) => {
          await sleep(5);
          seen.push(payload.n);
        });
      }
      for (let n = 0; n < 20; n += 1) await first.enqueue(harness.db, 'contract.shared', { n });
      await Promise.all([first.start(), second.start()]);
      await waitFor('all jobs done', async () => seen.length >= 20 && (await first.admin.counts()).done >= 20);
      await sleep(300);
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    });

    it('fires a cron schedule once per time with two runners', async () => {
      const fired: string[] = [];
      const runners = [await engine(), await engine()];
      runners.forEach((runner, index) => {
        runner.register('contract.cron', async () => void fired.push(`runner ${index}`));
        runner.schedule('contract.cron', '* * * * *', { tick: true });
      });
      expect(() => runners[0]!.schedule('contract.bad', 'every minute')).toThrow();
      await Promise.all(runners.map((runner) => runner.start()));
      await waitFor('the schedule to fire', async () => fired.length > 0);
      await sleep(2500);
      // A minute boundary during the test is a second time; within one minute it fires once.
      expect(fired.length).toBeGreaterThanOrEqual(1);
      expect(fired.length).toBeLessThanOrEqual(2);
      const minutes = new Set((await runners[0]!.admin.list()).filter((job) => job.kind === 'contract.cron').map((job) => job.createdAt.slice(0, 16)));
      expect(fired.length).toBe(minutes.size);
    });

    it('runs a job again when the runner holding it was killed mid-job', async () => {
      const leaseMs = 1000;
      const jobs = await engine({ leaseMs });
      await jobs.enqueue(harness.db, 'contract.killed', { n: 1 }, { retryDelaySeconds: 0 });
      const child = await harness.spawnHangingRunner('contract.killed', leaseMs);
      await child.kill();
      expect((await jobs.admin.counts()).running).toBe(1);
      const attempts: number[] = [];
      jobs.register('contract.killed', async (_payload, context) => void attempts.push(context.attempt));
      await jobs.start();
      await waitFor('the job to run again', async () => attempts.length > 0, 20_000);
      expect(attempts).toEqual([2]);
      await waitFor('the job to be done', async () => (await jobs.admin.counts()).done === 1);
    });

    it('stops gracefully: a running job finishes; one that does not finish in time is released and runs again', async () => {
      const jobs = await engine({ stopTimeoutMs: 1000 });
      let release: () => void = () => undefined;
      const done: string[] = [];
      jobs.register<{ name: string }>('contract.stop', async (payload) => {
        await sleep(300);
        done.push(payload.name);
      });
      await jobs.enqueue(harness.db, 'contract.stop', { name: 'slow' });
      await jobs.start();
      await waitFor('the slow job to start', async () => (await jobs.admin.counts()).running === 1);
      await jobs.stop();
      expect(done).toEqual(['slow']);
      expect((await jobs.admin.counts()).done).toBe(1);

      const stuckRunner = await engine({ stopTimeoutMs: 1000 });
      const late: string[] = [];
      stuckRunner.register<{ name: string }>('contract.stop', async (payload) => {
        await new Promise<void>((resolve) => (release = resolve));
        late.push(payload.name);
      });
      await stuckRunner.enqueue(harness.db, 'contract.stop', { name: 'stuck' }, { retryDelaySeconds: 0 });
      await stuckRunner.start();
      await waitFor('the stuck job to start', async () => (await stuckRunner.admin.counts()).running === 1);
      await stuckRunner.stop();
      expect((await stuckRunner.admin.counts()).running).toBe(0);
      // Released: the stopped runner's late finish does not count, another runner runs the job again.
      release();
      await waitFor('the late finish', async () => late.length === 1);
      expect((await stuckRunner.admin.counts()).done).toBe(1);
      const next = await engine();
      next.register<{ name: string }>('contract.stop', async (payload) => void done.push(payload.name));
      await next.start();
      await waitFor('the released job to run again', async () => done.includes('stuck'), 20_000);
      await waitFor('the released job to be done', async () => (await next.admin.counts()).done === 2);
    });
  });
}
