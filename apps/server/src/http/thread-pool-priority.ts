import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Gives libuv's thread pool a lower scheduling priority than the event loop (Linux: each thread has its own nice
 * value). The pool computes password hashes (~60 ms of a CPU each), and on a CPU it shares with the event loop a
 * sign-in flood would otherwise take two thirds of the CPU from every visitor's request; with a lower priority the
 * hashes use what the event loop leaves. Work the event loop waits for (file reads, compression, cookie
 * signatures) runs at once when the loop is idle, as it then is. Answers how many threads were set.
 */
export async function lowerThreadPoolPriority(niceness: number): Promise<number> {
  if (niceness === 0 || process.platform !== 'linux') return 0;
  // libuv starts every thread of its pool with the first piece of work given to it.
  await new Promise((resolve) => crypto.randomFill(Buffer.alloc(1), resolve));
  let count = 0;
  for (const threadId of fs.readdirSync('/proc/self/task')) {
    try {
      if (fs.readFileSync(`/proc/self/task/${threadId}/comm`, 'utf8').trim() !== 'libuv-worker') continue;
      os.setPriority(Number(threadId), niceness);
      count += 1;
    } catch {
      // A thread that ended meanwhile, or a system that refuses: the pool keeps its priority.
    }
  }
  return count;
}
