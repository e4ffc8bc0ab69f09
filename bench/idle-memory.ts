/**
 * The server's idle memory on SQLite, as issue 17 measures it, over several starts (a single start varies by
 * several MB with what the machine is doing): RSS 3 s after /healthz first answers, and again at 30 s (V8's own
 * memory reducer may have run by then), then the first sign-up and sign-in (Better Auth loads on the first
 * request that needs it) and the RSS after them. Prints each start, then the medians.
 *
 * Run: npm run build && npm run bench:idle-memory [-- starts]   (default 3 starts)
 */
import os from 'node:os';
import { rssMegabytes, startServer } from './start-server';

const starts = Number(process.argv[2] ?? 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Start {
  rssAt3s: number;
  rssAt30s: number;
  firstSignUpMs: number;
  firstSignInMs: number;
  rssAfterSignIn: number;
}

async function timedPost(baseUrl: string, path: string, body: unknown): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - startedAt;
}

async function measureOneStart(): Promise<Start> {
  const server = await startServer();
  try {
    await sleep(3000);
    const rssAt3s = rssMegabytes(server.pid);
    await sleep(27_000);
    const rssAt30s = rssMegabytes(server.pid);
    const account = { name: 'Idle Bench', email: 'idle-bench@example.com', password: 'a long enough password' };
    const firstSignUpMs = await timedPost(server.baseUrl, '/api/auth/sign-up/email', account);
    const firstSignInMs = await timedPost(server.baseUrl, '/api/auth/sign-in/email', { email: account.email, password: account.password });
    return { rssAt3s, rssAt30s, firstSignUpMs, firstSignInMs, rssAfterSignIn: rssMegabytes(server.pid) };
  } finally {
    await server.stop();
  }
}

console.warn(`load average before: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} (${os.cpus().length} CPUs)`);
const results: Start[] = [];
for (let n = 1; n <= starts; n += 1) {
  const result = await measureOneStart();
  results.push(result);
  console.warn(
    `start ${n}: RSS ${result.rssAt3s.toFixed(1)} MB at 3 s, ${result.rssAt30s.toFixed(1)} MB at 30 s; first sign-up ${result.firstSignUpMs.toFixed(0)} ms, ` +
      `sign-in ${result.firstSignInMs.toFixed(0)} ms; RSS after them ${result.rssAfterSignIn.toFixed(1)} MB`,
  );
}
const medianOf = (pick: (result: Start) => number) => median(results.map(pick));
console.warn(
  `server idle RSS (SQLite), median of ${starts}: ${medianOf((r) => r.rssAt3s).toFixed(1)} MB at 3 s (target 100 MB), ${medianOf((r) => r.rssAt30s).toFixed(1)} MB at 30 s; ` +
    `first sign-up ${medianOf((r) => r.firstSignUpMs).toFixed(0)} ms, first sign-in ${medianOf((r) => r.firstSignInMs).toFixed(0)} ms, RSS after them ${medianOf((r) => r.rssAfterSignIn).toFixed(1)} MB`,
);
console.warn(`load average after: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
