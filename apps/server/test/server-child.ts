import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/*
 * One server process of a test: spawned with pipes, its last output kept for failure messages, waited for until
 * /healthz answers, stopped with SIGTERM (SIGKILL after 10 s). Shared by the multi-process tests
 * (server-processes.ts) and the operator's process tests (operator-processes.ts).
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerChild {
  readonly child: ChildProcess;
  /** What the process wrote to stdout and stderr (its last 200 chunks). */
  output(): string;
  stop(): Promise<void>;
}

export function spawnServer(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ServerChild {
  const lines: string[] = [];
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString('utf8'));
    if (lines.length > 200) lines.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { child, output: () => lines.join(''), stop };
}

export async function waitForHealth(url: string, server: ServerChild, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode} before it was ready:\n${server.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
