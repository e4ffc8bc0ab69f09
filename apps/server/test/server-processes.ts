import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, spawnServer, waitForHealth } from './server-child';

/*
 * Several real server processes on one PostgreSQL database and one shared DATA_DIR (files, local mailbox), the
 * way a self-hoster runs them behind a load balancer. Each process is `apps/server/src/main.ts` under tsx (the
 * source under test; the built `dist/main.js` when `SERVER_ENTRY=dist`), started with the production
 * configuration path: environment variables only. The database is a fresh one created on the server
 * TEST_DATABASE_URL names, in its default schema (the job engine's pg-boss schema beside it), dropped at the end.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** False once the process has exited (or was killed). */
  isRunning(): boolean;
  /** What the process wrote to stdout and stderr (pino JSON lines), for failure messages. */
  output(): string;
}

export interface ServerGroup {
  readonly servers: readonly ServerProcess[];
  /** The public origin every process is configured with (BASE_URL), as a proxy in front of them would be. */
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** A client of the shared database, for assertions the HTTP API does not show (jobs, mail records). */
  readonly db: pg.Client;
  stop(): Promise<void>;
}

function entryArguments(): string[] {
  if (process.env.SERVER_ENTRY === 'dist') return [path.join(repositoryRoot, 'apps/server/dist/main.js')];
  return ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/main.ts')];
}

export interface ServerGroupOptions {
  /**
   * The processes reach PostgreSQL at this host and port instead of TEST_DATABASE_URL's (a proxy in front of it
   * that a test stops and starts); the group's own `db` client still connects directly.
   */
  connectThrough?: { host: string; port: number };
}

/**
 * Starts `count` processes at the same time (so their migrations race, as a rolling start's would) and waits
 * until every one answers /healthz. `env` adds to the shared configuration.
 */
export async function startServerGroup(count: number, env: Record<string, string> = {}, options: ServerGroupOptions = {}): Promise<ServerGroup> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('several server processes need PostgreSQL: set TEST_DATABASE_URL');
  const databaseName = `cards_processes_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
  const processDatabaseUrl = options.connectThrough
    ? Object.assign(new URL(databaseUrl), { hostname: options.connectThrough.host, port: String(options.connectThrough.port) }).toString()
    : databaseUrl;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-processes-'));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const baseUrl = `http://localhost:${ports[0]}`;
  const children = ports.map((port) =>
    spawnServer(entryArguments(), {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        // The base configuration covers every workspace's files (the server renders the card-view package's JSX).
        TSX_TSCONFIG_PATH: path.join(repositoryRoot, 'tsconfig.base.json'),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: processDatabaseUrl,
        AUTH_SECRET: 'several-processes-share-this-secret-0123456789',
        BILLING_PROVIDER: 'test',
        LOG_LEVEL: 'warn',
        JOBS_POLL_INTERVAL_MS: '200',
        ...env,
      },
    }),
  );
  const servers: ServerProcess[] = children.map(({ child, output }, index) => ({
    name: `process ${index + 1}`,
    url: `http://127.0.0.1:${ports[index]}`,
    pid: child.pid!,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    output,
  }));

  const db = new pg.Client({ connectionString: databaseUrl });
  async function stop(): Promise<void> {
    await Promise.all(children.map((child) => child.stop()));
    await db.end().catch(() => undefined);
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${databaseName} with (force)`);
    await dropper.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await Promise.all(servers.map((server, index) => waitForHealth(server.url, children[index]!, 90_000)));
    await db.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, baseUrl, dataDir, databaseUrl, db, stop };
}

/**
 * A browser over real HTTP: one cookie jar, the Origin of the public address on every request, whichever
 * process `server` the request goes to (a load balancer's choice).
 */
export class BrowserClient {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** The cookies this client holds, as a Cookie header (for a request made without it). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(server: ServerProcess, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const isForm = body instanceof URLSearchParams;
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.origin,
        ...this.headers,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(body === undefined ? {} : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isForm ? body.toString() : JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (!value || isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: <T = unknown>() => JSON.parse(text) as T };
  }
}

/** The .eml files in the shared local mailbox, oldest first. */
export function mailboxFiles(dataDir: string): string[] {
  const mailbox = path.join(dataDir, 'mailbox');
  return fs.existsSync(mailbox) ? fs.readdirSync(mailbox).filter((name) => name.endsWith('.eml')).sort() : [];
}

export function readMail(dataDir: string, file: string): string {
  return fs.readFileSync(path.join(dataDir, 'mailbox', file), 'utf8');
}

/** Polls `check` until it returns a value (not undefined) or `timeoutMs` passes; returns the value and the wait. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 50): Promise<{ value: T; waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return { value, waitedMs: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
