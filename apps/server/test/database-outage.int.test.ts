import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import type { ContactListResponse } from '@cardstack/shared/contacts/schemas';
import { BrowserClient, eventually, startServerGroup, type ServerGroup, type ServerProcess } from './server-processes';

/*
 * The database going away under a running server (decision 0043): a real server process reaches PostgreSQL
 * through a TCP proxy this test stops and starts, on a database of its own whose connections the test also
 * ends with pg_terminate_backend() (what a restart does to them: 57P01). The process must stay up, answer
 * 503 with Retry-After while the database is away, lose no lead it acknowledged, and serve again once the
 * database is back, without a restart. PostgreSQL only, so skipped without TEST_DATABASE_URL.
 */

/** Short, so a request that must wait for a connection is answered within a few seconds. */
const connectTimeoutMs = 2_000;
/** Far above the connection timeout: a request that takes this long hangs. */
const hangingMs = 15_000;

interface TcpProxy {
  readonly port: number;
  /** Forward every new connection to the target. */
  forward(): Promise<void>;
  /** Close every connection and stop listening: new connections are refused (the database is down). */
  refuse(): Promise<void>;
  /** Close every connection, then accept new ones and never answer (a host that vanished from the network). */
  hold(): Promise<void>;
}

async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'hold' = 'forward';
  let server: net.Server | undefined;
  let port = 0;
  const keep = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((incoming) => {
        keep(incoming);
        incoming.on('error', () => incoming.destroy());
        if (mode === 'hold') return;
        const outgoing = net.connect(target.port, target.host);
        keep(outgoing);
        outgoing.on('error', () => outgoing.destroy());
        incoming.pipe(outgoing);
        outgoing.pipe(incoming);
        incoming.on('close', () => outgoing.destroy());
        outgoing.on('close', () => incoming.destroy());
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as net.AddressInfo).port;
        server = created;
        resolve();
      });
    });
  const close = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    async forward() {
      await close();
      mode = 'forward';
      await listen();
    },
    refuse: close,
    async hold() {
      await close();
      mode = 'hold';
      await listen();
    },
  };
}

/** One request with a deadline: a hanging request fails the test instead of the test timing out. */
async function timedRequest(server: ServerProcess, origin: string, method: string, pathname: string, body?: unknown, cookie?: string) {
  const started = Date.now();
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    signal: AbortSignal.timeout(hangingMs),
    headers: {
      origin,
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text, tookMs: Date.now() - started };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('the database going away under a running server', () => {
  let proxy: TcpProxy;
  let group: ServerGroup;
  let server: ServerProcess;
  const owner = { client: undefined as unknown as BrowserClient, cookie: '' };
  let card: Card;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    group = await startServerGroup(
      1,
      { DATABASE_CONNECT_TIMEOUT_MS: String(connectTimeoutMs), LEAD_FORM_RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'info' },
      { connectThrough: { host: '127.0.0.1', port: proxy.port } },
    );
    [server] = group.servers as [ServerProcess];
    owner.client = new BrowserClient(group.baseUrl);
    const email = `owner-${Date.now()}@example.com`;
    const signUp = await owner.client.request(server, 'POST', '/api/auth/sign-up/email', { name: 'Ada Owner', email, password: 'correct horse battery staple' });
    expect(signUp.status, signUp.text).toBe(200);
    const mail = await group.db.query<{ data: string }>(`select data from mail_outbox where "to" = $1 and template = 'verify-email'`, [email]);
    const opened = await owner.client.request(server, 'GET', (JSON.parse(mail.rows[0]!.data) as { linkPath: string }).linkPath);
    expect(opened.status, opened.text).toBe(302);
    const created = await owner.client.request(server, 'POST', '/api/cards', { title: 'Work card', name: 'Ada Lovelace', leadForm: { isEnabled: true, thankYouMessage: '' } });
    expect(created.status, created.text).toBe(201);
    card = created.json<{ card: Card }>().card;
    // The session cookie, for the plain fetches below (which carry a deadline).
    owner.cookie = owner.client.cookieHeader();
  }, 120_000);
  afterAll(async () => {
    await proxy?.forward();
    await group?.stop();
    await proxy?.refuse();
  }, 60_000);

  const sendLead = (name: string) => timedRequest(server, group.baseUrl, 'POST', `/id/${card.id}/lead`, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, consent: true });
  const storedLeadNames = async () => (await group.db.query<{ name: string }>('select name from contact')).rows.map((row) => row.name);

  it('keeps serving when PostgreSQL ends all of its connections (57P01, as a restart does)', async () => {
    const before = await sendLead('Before Termination');
    expect(before.status, before.text).toBe(201);
    acknowledged.push('Before Termination');

    const ended = await group.db.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    expect(ended.rowCount).toBeGreaterThan(0);
    // Until the pool has replaced its connections a request may be refused with 503; never a 500, never a hang.
    const { value: served } = await eventually(async () => {
      const answer = await timedRequest(server, group.baseUrl, 'GET', '/api/contacts', undefined, owner.cookie);
      if (answer.status === 503) {
        expect(answer.retryAfter).toMatch(/^\d+$/);
        return undefined;
      }
      return answer;
    }, 20_000, 100);
    expect(served.status, served.text).toBe(200);
    expect(server.isRunning(), server.output()).toBe(true);

    const after = await sendLead('After Termination');
    expect(after.status, after.text).toBe(201);
    acknowledged.push('After Termination');
  });

  it('answers 503 with Retry-After within seconds while the database is refused, and serves again when it is back', async () => {
    await proxy.refuse();
    const lead = await sendLead('During Outage');
    expect(lead.status, lead.text).toBe(503);
    expect(Number(lead.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(lead.text)).toEqual({ error: { code: 'database-unavailable', message: expect.stringMatching(/try again/i) } });
    expect(lead.tookMs).toBeLessThan(hangingMs);
    // The same form posted by a browser without JavaScript: a page that says so, not JSON.
    const page = await fetch(`${server.url}/id/${card.id}/lead`, {
      method: 'POST',
      signal: AbortSignal.timeout(hangingMs),
      headers: { origin: group.baseUrl, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Form During Outage', consent: 'yes' }).toString(),
    });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('retry-after')).not.toBeNull();
    expect(await page.text()).toMatch(/<h1>Back in a moment<\/h1>.*try again in a few seconds/s);
    // A signed-in request: the session is read through the auth library, which wraps the failure.
    const contacts = await timedRequest(server, group.baseUrl, 'GET', '/api/contacts', undefined, owner.cookie);
    expect(contacts.status, contacts.text).toBe(503);
    expect(contacts.retryAfter).not.toBeNull();
    // A sign-in goes to the auth library itself.
    const signIn = await timedRequest(server, group.baseUrl, 'POST', '/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'correct horse battery staple' });
    expect(signIn.status, signIn.text).toBe(503);
    // A sign-up and a sign-out: requests the auth library handles itself.
    const signUp = await timedRequest(server, group.baseUrl, 'POST', '/api/auth/sign-up/email', { name: 'Late Comer', email: 'late@example.com', password: 'correct horse battery staple' });
    expect(signUp.status, signUp.text).toBe(503);
    expect(signUp.retryAfter).not.toBeNull();
    const signOut = await timedRequest(server, group.baseUrl, 'POST', '/api/auth/sign-out', {}, owner.cookie);
    expect(signOut.status, signOut.text).toBe(503);
    // The job engine's workers poll meanwhile and fail; the process stays up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.isRunning(), server.output()).toBe(true);

    await proxy.forward();
    const { value: back } = await eventually(async () => {
      const answer = await sendLead('After Outage');
      return answer.status === 503 ? undefined : answer;
    }, 20_000, 100);
    expect(back.status, back.text).toBe(201);
    acknowledged.push('After Outage');
  });

  it('answers 503 within the connection timeout while the database does not answer at all', async () => {
    await proxy.hold();
    const lead = await sendLead('During Silence');
    expect(lead.status, lead.text).toBe(503);
    expect(lead.retryAfter).not.toBeNull();
    expect(lead.tookMs).toBeLessThan(hangingMs);
    expect(server.isRunning(), server.output()).toBe(true);

    await proxy.forward();
    const { value: back } = await eventually(async () => {
      const answer = await timedRequest(server, group.baseUrl, 'GET', '/api/contacts', undefined, owner.cookie);
      return answer.status === 503 ? undefined : answer;
    }, 20_000, 100);
    expect(back.status, back.text).toBe(200);
  });

  it('lost no acknowledged lead, logged the outage and answered no request with a 500', async () => {
    const stored = await storedLeadNames();
    for (const name of acknowledged) expect(stored).toContain(name);
    const listed = await owner.client.request(server, 'GET', '/api/contacts');
    expect(listed.status, listed.text).toBe(200);
    const names = listed.json<ContactListResponse>().contacts.map((contact) => contact.name);
    for (const name of acknowledged) expect(names).toContain(name);
    const output = server.output();
    expect(output).toContain('database unavailable');
    expect(output).toContain('database available again');
    expect(output).not.toContain('unexpected error');
    expect(server.isRunning()).toBe(true);
  });
});
