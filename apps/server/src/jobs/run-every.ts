import type { Logger } from 'pino';

export interface Repeating {
  /** Runs the work now (waiting for a run in progress first). */
  runNow(): Promise<void>;
  /** Stops the timer and runs the work one last time. */
  stop(): Promise<void>;
}

/**
 * Runs in-process housekeeping at a fixed interval: work on this process's own memory (such as writing out
 * counters it gathered), which no other process could do and so is no job. Runs never overlap; a failed
 * run is logged and the next one comes on time. Anything that another process could do belongs in a job.
 */
export function runEvery(intervalMs: number, work: () => Promise<void>, logger: Pick<Logger, 'error'>): Repeating {
  let last: Promise<void> = Promise.resolve();
  const runNow = () =>
    (last = last.then(work).catch((error: unknown) => {
      logger.error({ err: error }, 'periodic work failed');
    }));
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await runNow();
    },
  };
}
