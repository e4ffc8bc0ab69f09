import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overloadMessage } from '../src/http/errors';
import { spawnMain } from './operator-processes';
import { freePort, waitForHealth, type ServerChild } from './server-child';

/*
 * The server as a real process from the sources (tsx), the way `npm start` runs it: what only a real process on
 * a real port shows, and `app.inject` never reaches.
 *
 * - Its port: HTTP_LISTENING_SOCKETS sockets listening with SO_REUSEPORT (Linux), counted in /proc/net/tcp and
 *   owned by the process; a port something else holds is refused with EADDRINUSE, even when the holder shares
 *   ports itself (reusePort would otherwise join it without a word); SIGTERM closes every socket and exits 0.
 * - Password hashes on worker threads of their own at OVERLOAD_PASSWORD_HASHING_NICENESS (19 by default); libuv's
 *   thread pool (cookie signatures, files) and the event loop at 0.
 * - The refusal of password checks before Fastify while every place for a hash is taken: 503, Retry-After, the
 *   auth routes' answer shape and the security headers Fastify gives /api/auth answers.
 */

// The processes run on SQLite whatever the project: the PostgreSQL run would repeat the same thing.
const onSqliteRun = process.env.TEST_DB !== 'postgres';
const onLinux = process.platform === 'linux';

/** The message the server logs (info) once it listens on every socket: every start step is done. */
const runningMessage = 'Cards is running at';

interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly server: ServerChild;
  /** Everything the process wrote to stdout and stderr (not only the last chunks). */
  output(): string;
  /** Resolves with the exit code and signal once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

const started: RunningServer[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((each) => each.stop()));
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Spawns `apps/server/src/main.ts` on SQLite in a fresh DATA_DIR (operator-processes.ts's `spawnMain`), logging at
 * info so that the running message shows. Does not wait.
 */
function startMainProcess(port: number, env: Record<string, string>): RunningServer {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-listening-'));
  dataDirs.push(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const server = spawnMain(port, dataDir, { BASE_URL: url, LOG_LEVEL: 'info', ...env });
  let everything = '';
  server.child.stdout!.on('data', (chunk: Buffer) => (everything += chunk.toString('utf8')));
  server.child.stderr!.on('data', (chunk: Buffer) => (everything += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) resolve({ code: server.child.exitCode, signal: server.child.signalCode });
    server.child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const running: RunningServer = { url, port, pid: server.child.pid!, server, output: () => everything, exited, stop: server.stop };
  started.push(running);
  return running;
}

/** Polls `check` every 50 ms until it is true; fails with `describe()` after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the server and waits until /healthz answers and it logged that it runs (every start step done). */
async function startMain(env: Record<string, string> = {}): Promise<RunningServer> {
  const running = startMainProcess(await freePort(), env);
  await waitForHealth(running.url, running.server, 90_000);
  await until(() => running.output().includes(runningMessage), 30_000, () => `no "${runningMessage}" in:\n${running.output()}`);
  return running;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on a connection of its own (no keep-alive pool), closed after the answer. `body`: JSON, or a string as it is. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/**
 * A keep-alive connection that asked for /healthz once and stays open, idle: `firstAnswer` is what came back first
 * (the status line onwards), `closed` resolves once the server closes it.
 */
async function keptConnection(port: number): Promise<{ socket: net.Socket; firstAnswer: string; closed: Promise<void> }> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const firstAnswer = await new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  });
  socket.on('error', () => undefined);
  return { socket, firstAnswer, closed };
}

interface ProcNetSocket {
  port: number;
  state: string;
  inode: string;
}

/** The TCP sockets of this network namespace (IPv4 and IPv6), from /proc/net/tcp{,6}. */
function tcpSockets(): ProcNetSocket[] {
  const sockets: ProcNetSocket[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    // "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode"
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const localAddress = fields[1]!;
      sockets.push({ port: Number.parseInt(localAddress.slice(localAddress.lastIndexOf(':') + 1), 16), state: fields[3]!, inode: fields[9]! });
    }
  }
  return sockets;
}

/** The sockets listening (state 0A, TCP_LISTEN) on `port`. */
const listenersOn = (port: number) => tcpSockets().filter((socket) => socket.port === port && socket.state === '0A');

/** The inodes of the sockets process `pid` holds open. */
function socketInodesOf(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

interface Thread {
  tid: number;
  name: string;
  nice: number;
}

/** The threads of process `pid`: name (comm) and nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadsOf(pid: number): Thread[] {
  const threads: Thread[] = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // "tid (comm) state ppid …": the name may hold spaces and parentheses, so the fields start after the last ")".
      // The first of them is field 3 (state): field 19 (nice) is the 17th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.push({ tid: Number(tid), name: fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(), nice: Number(fields[19 - 3]) });
    } catch {
      // a thread that ended meanwhile
    }
  }
  return threads;
}

const poolThreadsOf = (pid: number) => threadsOf(pid).filter((thread) => thread.name === 'libuv-worker');
/** Every thread but libuv's pool: Node 24 names a worker thread "WorkerThread", Node 22 "node", as its main thread. */
const nonPoolThreadsOf = (pid: number) => threadsOf(pid).filter((thread) => thread.name !== 'libuv-worker');

/**
 * Signs up a new account (one password hash) and answers the threads outside libuv's pool that appeared meanwhile:
 * the hashing thread it started (threads start with the first hash and end after 10 s without one).
 */
async function hashingThreadsOfASignUp(running: RunningServer): Promise<Thread[]> {
  const before = new Set(nonPoolThreadsOf(running.pid).map((thread) => thread.tid));
  const signUp = await request(`${running.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: running.url },
    body: { name: 'Thread Test', email: `threads-${Date.now()}@example.com`, password: 'correct horse battery' },
  });
  expect(signUp.status, signUp.text).toBe(200);
  return nonPoolThreadsOf(running.pid).filter((thread) => !before.has(thread.tid));
}

describe.runIf(onSqliteRun)('a server with HTTP_LISTENING_SOCKETS=4 (and the default hashing niceness)', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startMain({ HTTP_LISTENING_SOCKETS: '4' });
  }, 120_000);

  it.skipIf(!onLinux)('listens on its port with exactly 4 sockets, all its own', () => {
    const listeners = listenersOn(running.port);
    expect(listeners).toHaveLength(4);
    const own = socketInodesOf(running.pid);
    for (const listener of listeners) expect(own.has(listener.inode), `listening socket ${listener.inode} belongs to the server`).toBe(true);
  });

  it('answers /healthz on many new connections at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all(Array.from({ length: 32 }, () => request(`${running.url}/healthz`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 32 }, () => 200));
    }
  }, 60_000);

  it.skipIf(!onLinux)('hashes passwords on a thread of its own at nice 19, the thread pool and the event loop at 0', async () => {
    const hashing = await hashingThreadsOfASignUp(running);
    expect(hashing, JSON.stringify(threadsOf(running.pid))).toHaveLength(1);
    expect(hashing[0]!.nice).toBe(19);
    const pool = poolThreadsOf(running.pid);
    expect(pool.length, JSON.stringify(threadsOf(running.pid))).toBeGreaterThan(0);
    expect(pool.map((thread) => thread.nice)).toEqual(pool.map(() => 0));
    expect(threadsOf(running.pid).find((thread) => thread.tid === running.pid)).toMatchObject({ nice: 0 });
  });

  it.skipIf(!onLinux)('closes every socket on SIGTERM at once, idle keep-alive connections too, and exits 0', async () => {
    // Idle keep-alive connections, as a load balancer's pool or a browser holds them: the kernel spreads them over
    // the 4 sockets, so some came through the extra ones. The server keeps an idle connection for 72 s (Fastify's
    // keepAliveTimeout); the shutdown must not wait for it.
    const connections = await Promise.all(Array.from({ length: 16 }, () => keptConnection(running.port)));
    try {
      expect(connections.map((connection) => connection.firstAnswer)).toEqual(connections.map(() => expect.stringMatching(/^HTTP\/1\.1 200 /)));

      running.server.child.kill('SIGTERM');
      const exit = await Promise.race([running.exited, new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000))]);
      expect(exit, running.output()).toEqual({ code: 0, signal: null });
      expect(listenersOn(running.port)).toEqual([]);
      await Promise.all(connections.map((connection) => connection.closed));
    } finally {
      for (const connection of connections) connection.socket.destroy();
    }
  }, 40_000);
});

describe.runIf(onSqliteRun)('a server with HTTP_LISTENING_SOCKETS=1 and OVERLOAD_PASSWORD_HASHING_NICENESS=0', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startMain({ HTTP_LISTENING_SOCKETS: '1', OVERLOAD_PASSWORD_HASHING_NICENESS: '0' });
  }, 120_000);

  it.skipIf(!onLinux)('listens on its port with one socket', async () => {
    expect((await request(`${running.url}/healthz`)).status).toBe(200);
    const listeners = listenersOn(running.port);
    expect(listeners).toHaveLength(1);
    expect(socketInodesOf(running.pid).has(listeners[0]!.inode)).toBe(true);
  });

  it.skipIf(!onLinux)('hashes passwords at the event loop’s priority (nice 0)', async () => {
    const hashing = await hashingThreadsOfASignUp(running);
    expect(hashing, JSON.stringify(threadsOf(running.pid))).toHaveLength(1);
    expect(hashing[0]!.nice).toBe(0);
  });
});

describe.runIf(onSqliteRun)('a port something else listens on', () => {
  /** Listens on `port` (127.0.0.1) with a plain net server that answers nothing; with `reusePort` when asked. */
  async function holdPort(port: number, reusePort: boolean): Promise<net.Server> {
    const holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      holder.once('error', reject);
      holder.listen({ port, host: '127.0.0.1', ...(reusePort ? { reusePort: true } : {}) }, () => resolve());
    });
    return holder;
  }

  /** Starts the server on `port` and waits until it exits (or fails the test once it runs: it took the port). */
  async function exitOf(port: number) {
    const running = startMainProcess(port, {});
    let outcome: { code: number | null; signal: NodeJS.Signals | null } | 'running' | undefined;
    void running.exited.then((exit) => (outcome ??= exit));
    await until(
      () => {
        if (outcome === undefined && running.output().includes(runningMessage)) outcome = 'running';
        return outcome !== undefined;
      },
      90_000,
      () => `the server neither exited nor ran:\n${running.output()}`,
    );
    return { outcome, output: running.output() };
  }

  /** Starts a server on a port `holder` listens on: it must stop with EADDRINUSE, leaving the holder's socket alone. */
  async function expectRefused(sharesPort: boolean) {
    const port = await freePort();
    const holder = await holdPort(port, sharesPort);
    try {
      const { outcome, output } = await exitOf(port);
      expect(outcome, output).not.toBe('running');
      expect(outcome).not.toMatchObject({ code: 0 });
      expect(outcome).toMatchObject({ code: expect.any(Number) });
      expect(output).toMatch(/EADDRINUSE|address already in use/i);
      if (onLinux) expect(listenersOn(port)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }

  it('is refused with EADDRINUSE when a plain server holds it', () => expectRefused(false), 120_000);

  it.skipIf(!onLinux)('is refused with EADDRINUSE when the holder shares ports too (SO_REUSEPORT), instead of joining it', () => expectRefused(true), 120_000);
});

describe.runIf(onSqliteRun)('a sign-in flood over real HTTP (one hash at once, none waiting)', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startMain({ OVERLOAD_PASSWORD_HASHES_AT_ONCE: '1', OVERLOAD_PASSWORD_HASHES_WAITING: '0', SIGN_IN_RATE_LIMIT_MAX: '1000' });
  }, 120_000);

  it('is refused before Fastify with 503, Retry-After and the auth routes’ security headers; signing in works after it', async () => {
    const origin = { origin: running.url };
    const email = `flood-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const signUp = await request(`${running.url}/api/auth/sign-up/email`, { method: 'POST', headers: origin, body: { name: 'Flood Test', email, password } });
    expect(signUp.status, signUp.text).toBe(200);
    const signIn = (body: unknown) => request(`${running.url}/api/auth/sign-in/email`, { method: 'POST', headers: origin, body });
    const wrongPassword = { email, password: 'wrong password entirely' };
    // A body Fastify refuses with 400 before any route runs: answered 503, it was answered before Fastify.
    const brokenJson = '{"email":';

    // Normal /api/auth answers through Fastify: the headers the refusal must carry too.
    const wrong = await signIn(wrongPassword);
    expect(wrong.status, wrong.text).toBe(401);
    const broken = await signIn(brokenJson);
    expect(broken.status, broken.text).toBe(400);

    // Wrong passwords and broken bodies, each on its own connection, a few milliseconds apart: one password hashes
    // (~60 ms) while the others find every place taken.
    let refusedBroken: Answer | undefined;
    const statuses: number[] = [];
    for (let round = 0; round < 10 && !refusedBroken; round += 1) {
      const answers: Promise<Answer>[] = [];
      for (let index = 0; index < 20; index += 1) {
        answers.push(signIn(wrongPassword));
        answers.push(signIn(brokenJson).then((answer) => ((refusedBroken ??= answer.status === 503 ? answer : undefined), answer)));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      statuses.push(...(await Promise.all(answers)).map((answer) => answer.status));
    }
    expect(statuses.every((status) => [400, 401, 503].includes(status)), statuses.join(' ')).toBe(true);
    expect(refusedBroken, `no broken body answered 503: ${statuses.join(' ')}`).toBeDefined();
    const refused = refusedBroken!;
    expect(JSON.parse(refused.text)).toEqual({ code: 'OVERLOADED', message: overloadMessage });
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(wrong.headers['content-security-policy']).toMatch(/default-src/);
    expect(refused.headers['content-security-policy']).toBe(wrong.headers['content-security-policy']);
    // Every header of Fastify's answer but those each answer sets for itself.
    const perAnswer = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'vary', 'set-cookie']);
    expect(refused.headers).toMatchObject(Object.fromEntries(Object.entries(wrong.headers).filter(([name]) => !perAnswer.has(name))));

    // Once the flood is over, the right password signs in.
    const after = await signIn({ email, password });
    expect(after.status, after.text).toBe(200);
  }, 120_000);
});
