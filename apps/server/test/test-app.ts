import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppServices, type BuildAppOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { pgBossSchemaOf } from '../src/jobs/jobs-module';
import type { MailTransport, OutgoingMail } from '../src/modules/mail/transport';

export const testOrigin = 'http://localhost:3000';

/**
 * A fresh database per test app: a temporary SQLite file, or (TEST_DB=postgres) a new schema in the
 * database TEST_DATABASE_URL points at, dropped when the app closes.
 */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void>; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-test-'));
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    return {
      handle: openDatabase({ databaseUrl: url, pgSchema: schema }),
      dataDir,
      async drop() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        // The job engine's (pg-boss's) schema beside it, when the test started one.
        await client.query(`drop schema if exists ${pgBossSchemaOf({ schema })} cascade`);
        await client.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    handle: openDatabase({ sqliteFile: path.join(dataDir, 'cards.sqlite') }),
    dataDir,
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collects outgoing mail in memory. */
export function memoryMailTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { kind: 'local-mailbox', sent, send: async (mail) => void sent.push(mail), close: () => undefined };
}

/** The database of each test app, so a client can read the verification mail its sign-up queued. */
const databases = new WeakMap<FastifyInstance, DatabaseHandle>();

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  mail: ReturnType<typeof memoryMailTransport>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<BuildAppOptions, 'config'>> = {},
): Promise<TestApp> {
  const { handle, drop, dataDir } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: testOrigin,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // A test that does seconds of synchronous work (hashing, spreadsheets) or signs many people up at once must
    // not be shed; the overload guards have their own tests.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
    OVERLOAD_PASSWORD_HASHES_WAITING: '1000',
    ...env,
  });
  const mail = memoryMailTransport();
  const { app, services } = await buildApp({ config, database: handle, mailTransport: mail, serveWeb: false, ...options });
  await app.ready();
  databases.set(app, services.database);
  return {
    app,
    services,
    mail,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A browser-like client: keeps the session cookie and sends the Origin header Better Auth checks. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
    /** The app's BASE_URL, when a test gave it another. */
    private readonly origin = testOrigin,
  ) {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) } : {}),
    });
    this.keepCookies(response);
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body ?? {});
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  /**
   * Signs up and, unless `verified: false`, confirms the address the way a person does: opens the link of the
   * verification mail (which is then gone from the outbox, so tests count only the mails they cause).
   */
  async register(input: { name?: string; email?: string; password?: string; verified?: boolean } = {}) {
    const email = input.email ?? `user-${crypto.randomBytes(5).toString('hex')}@example.com`;
    const password = input.password ?? 'correct horse battery';
    const response = await this.post('/api/auth/sign-up/email', { name: input.name ?? 'Test User', email, password });
    if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
    const userId = (response.json() as { user: { id: string } }).user.id;
    const database = databases.get(this.app);
    if (input.verified !== false && database) {
      await this.openVerificationLink(database, email.toLowerCase());
      // The confirmation removes the password chosen at sign-up (it might have been someone else's): the
      // link signs this client in on "Choose a password", and the person chooses it again.
      if (!(await this.get('/api/me')).json<{ hasPassword: boolean }>().hasPassword) {
        const chosen = await this.post('/api/account/password', { newPassword: password, confirmPassword: password });
        if (chosen.statusCode !== 200) throw new Error(`choosing the password failed: ${chosen.statusCode} ${chosen.body}`);
      }
    }
    return { email, password, userId };
  }

  private async openVerificationLink(database: DatabaseHandle, email: string) {
    const mail = await database.db
      .selectFrom('mail_outbox')
      .select(['id', 'data'])
      .where('to', '=', email)
      .where('template', '=', 'verify-email')
      .executeTakeFirst();
    if (!mail) throw new Error(`no verification mail to ${email}`);
    const opened = await this.get((JSON.parse(mail.data) as { linkPath: string }).linkPath);
    if (opened.statusCode !== 302) throw new Error(`verification failed: ${opened.statusCode} ${opened.body}`);
    await database.db.deleteFrom('mail_outbox').where('id', '=', mail.id).execute();
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  clearCookies() {
    this.cookies.clear();
  }
}

/** The newest queued mail of a template to an address, with its data parsed (links in mails carry tokens). */
export async function outboxMail(t: TestApp, to: string, template: string): Promise<{ id: string; data: Record<string, unknown> }> {
  const row = await t.services.database.db
    .selectFrom('mail_outbox')
    .select(['id', 'data'])
    .where('to', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no ${template} mail to ${to}`);
  return { id: row.id, data: JSON.parse(row.data) as Record<string, unknown> };
}
