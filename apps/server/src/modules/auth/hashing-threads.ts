import { Worker } from 'node:worker_threads';

/** Better Auth's scrypt parameters (`@better-auth/utils/password`): hashes stay readable both ways. */
export const scryptParameters = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;

/**
 * The threads that compute password hashes: each a worker thread of its own, at a lower scheduling priority than
 * the event loop (Linux: a nice value per thread). Node's own `crypto.scrypt` runs on libuv's thread pool at the
 * event loop's priority, and where the pool shares a CPU with the event loop a sign-in flood took two thirds of
 * it from every visitor's request; the pool also signs session cookies, which must not wait behind hashes. Here
 * a hash uses what the event loop leaves of a CPU, or a CPU of its own on a machine with more.
 * Threads start with the first hash and end after `idleMs` without one, so an idle server holds none.
 */
export interface HashingThreads {
  /** scrypt of `password` (NFKC) with `salt` as Better Auth computes it, as hex. */
  derive(password: string, salt: string): Promise<string>;
  close(): Promise<void>;
}

// The worker's whole program, kept as text so that it runs the same from the sources and from the bundle.
const workerProgram = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
if (workerData.niceness > 0 && process.platform === 'linux') {
  try {
    const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    require('node:os').setPriority(threadId, workerData.niceness);
  } catch {}
}
const { N, r, p, keyLength } = workerData.parameters;
parentPort.on('message', ({ id, password, salt }) => {
  try {
    const key = scryptSync(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r });
    parentPort.postMessage({ id, key: key.toString('hex') });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/** A hash that was waiting or running when the threads were closed (the server is shutting down). */
export class HashingClosedError extends Error {
  constructor() {
    super('the server is closing');
  }
}

interface Job {
  password: string;
  salt: string;
  resolve: (key: string) => void;
  reject: (error: Error) => void;
}

interface HashingThread {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

export function createHashingThreads(options: { count: number; niceness: number; idleMs?: number }): HashingThreads {
  const idleMs = options.idleMs ?? 10_000;
  const threads = new Set<HashingThread>();
  const waiting: Job[] = [];
  let nextId = 0;
  let isClosed = false;

  const start = (thread: HashingThread, job: Job) => {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({ id: (nextId += 1), password: job.password, salt: job.salt });
  };
  const finish = (thread: HashingThread) => {
    thread.job = null;
    const next = waiting.shift();
    if (next) return start(thread, next);
    // An idle thread keeps no process alive, and ends after a while.
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      threads.delete(thread);
      void thread.worker.terminate();
    }, idleMs);
    thread.idleTimer.unref();
  };
  const spawn = (): HashingThread => {
    const worker = new Worker(workerProgram, { eval: true, workerData: { niceness: options.niceness, parameters: scryptParameters } });
    const thread: HashingThread = { worker, job: null, idleTimer: null };
    worker.on('message', (message: { key?: string; error?: string }) => {
      const job = thread.job;
      if (!job) return;
      if (message.key !== undefined) job.resolve(message.key);
      else job.reject(new Error(message.error ?? 'password hashing failed'));
      finish(thread);
    });
    // A thread that died (out of memory) fails its hash; the next hash starts a new thread.
    worker.on('error', (error) => {
      threads.delete(thread);
      thread.job?.reject(error);
      thread.job = null;
    });
    threads.add(thread);
    return thread;
  };

  return {
    derive(password, salt) {
      return new Promise<string>((resolve, reject) => {
        if (isClosed) return reject(new HashingClosedError());
        const job = { password, salt, resolve, reject };
        const idle = [...threads].find((thread) => thread.job === null);
        if (idle) start(idle, job);
        else if (threads.size < options.count) start(spawn(), job);
        else waiting.push(job);
      });
    },
    async close() {
      isClosed = true;
      const all = [...threads];
      threads.clear();
      for (const job of waiting.splice(0)) job.reject(new HashingClosedError());
      await Promise.all(
        all.map((thread) => {
          if (thread.idleTimer) clearTimeout(thread.idleTimer);
          thread.job?.reject(new HashingClosedError());
          return thread.worker.terminate();
        }),
      );
    },
  };
}
