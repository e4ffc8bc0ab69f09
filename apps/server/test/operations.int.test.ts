import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The operator's view of a running server: /metrics (behind a bearer token, or on its own listener), /livez and
 * /readyz, and the wallet credentials' expiry (days left in /readyz, the console and a gauge; the operators'
 * warning mail, once per credential and threshold).
 */

const metricsToken = 'metrics-token-0123456789abcdef';
const dayMs = 24 * 3600 * 1000;

/** A Pass Type ID certificate and its key that expire in `days` days (self-signed: it stands for the WWDR too). */
function shortLivedCertificate(days: number): { cert: string; key: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'expiring-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', String(days),
      '-subj', '/CN=Pass Type ID: pass.test.cards/OU=TEAMID0000',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'), key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sampleOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves no /metrics and keeps no metrics', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) })).statusCode).toBe(404);
    expect(t.services.metrics.listenerPort()).toBeNull();
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: metricsToken });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token or with a wrong one', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.body).not.toContain('cards_http_requests_total');
    for (const headers of [bearer('metrics-token-0123456789abcdeX'), bearer(''), { authorization: metricsToken }, { authorization: `Basic ${metricsToken}` }]) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(401);
    }
  });

  it('counts a request by its route pattern and status, never by its address', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    const series = 'cards_http_requests_total{method="GET",route="/id/:key/",status_code="404"}';
    const countBefore = sampleOf(before.body, series) ?? 0;
    expect((await t.app.inject({ method: 'GET', url: '/id/no-such-card-4711/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(sampleOf(response.body, series)).toBe(countBefore + 1);
    expect(sampleOf(response.body, 'cards_http_requests_total{method="GET",route="/api/public-config",status_code="200"}')).toBe(1);
    expect(sampleOf(response.body, 'cards_http_request_duration_seconds_count{method="GET",route="/id/:key/"}')).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain('no-such-card-4711');
    // A page that was not in memory: a cache miss.
    expect(sampleOf(response.body, 'cards_public_page_cache_total{outcome="miss"}')).toBe(1);
    // The process's own figures, event-loop delay among them.
    expect(response.body).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it('reads the jobs per kind and the mail backlog when scraped', async () => {
    const { db } = t.services.database;
    await t.services.jobs.enqueue(db, 'mail.retention', {});
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    expect(sampleOf(response.body, 'cards_jobs{kind="mail.retention",status="queued"}')).toBe(1);
    expect(sampleOf(response.body, 'cards_mail_outbox{status="pending"}')).toBe(0);
    expect(sampleOf(response.body, 'cards_mail_outbox{status="failed"}')).toBe(0);
    expect(sampleOf(response.body, 'cards_webhook_delivery_failures_total')).toBe(0);
    await t.services.jobs.runDue({ kinds: ['mail.retention'] });
    const after = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    expect(sampleOf(after.body, 'cards_jobs{kind="mail.retention",status="queued"}')).toBeUndefined();
  });
});

describe('metrics with METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0', HOST: '127.0.0.1', METRICS_TOKEN: metricsToken });
  });

  it('serves /metrics on its own listener only, with the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/public-config' });
    const port = t.services.metrics.listenerPort();
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(t.services.config.port);
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/other`, { headers: bearer(metricsToken) })).status).toBe(404);
    const response = await fetch(url, { headers: bearer(metricsToken) });
    expect(response.status).toBe(200);
    expect(sampleOf(await response.text(), 'cards_http_requests_total{method="GET",route="/api/public-config",status_code="200"}')).toBe(1);
  });

  it('closes the listener with the app', async () => {
    const port = t.services.metrics.listenerPort();
    await t.close();
    expect(t.services.metrics.listenerPort()).toBeNull();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`, { headers: bearer(metricsToken) })).rejects.toThrow();
  });
});

describe('/livez and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { startJobs: true });
  });
  afterAll(() => t.close());

  it('/livez answers while the process runs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 with the version when the database answers, the migrations ran and the job runner works', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      version: expect.any(String),
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
      credentials: [],
    });
  });

  it('/readyz is 503 while a migration is not applied', async () => {
    const { db } = t.services.database;
    const table = sql.table(t.services.database.schema ? `${t.services.database.schema}.kysely_migration` : 'kysely_migration');
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${table} order by name desc limit 1`.execute(db);
    const last = rows[0]!;
    await sql`delete from ${table} where name = ${last.name}`.execute(db);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: '1 pending', jobs: 'ok' } });
      // The old health check asks only for the database, as before.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await sql`insert into ${table} (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(db);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/readyz with the database unreachable', () => {
  it('is 503 JSON, and /livez still answers', async () => {
    const t = await createTestApp();
    try {
      await t.services.database.db.destroy();
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ status: 'not ready', version: expect.any(String), checks: { database: 'unreachable', migrations: 'unknown' } });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('wallet credentials that expire', () => {
  const signer = shortLivedCertificate(20);
  const apnsKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const apnsExpiry = new Date(Date.now() + 5 * dayMs).toISOString().slice(0, 10);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_EMAILS: 'ops@example.com,second-ops@example.com',
      METRICS_TOKEN: metricsToken,
      APPLE_PASS_TYPE_ID: 'pass.test.cards',
      APPLE_TEAM_ID: 'TEAMID0000',
      APPLE_SIGNER_CERT: signer.cert,
      APPLE_SIGNER_KEY: signer.key,
      APPLE_WWDR_CERT: signer.cert,
      APPLE_APNS_KEY_ID: 'KEYID00000',
      APPLE_APNS_KEY: apnsKey,
      APPLE_APNS_KEY_EXPIRES_AT: apnsExpiry,
    });
  });
  afterAll(() => t.close());

  const certificateExpiry = () => new Date(new crypto.X509Certificate(signer.cert).validTo);

  it('/readyz shows the days left of the certificate and of the APNs key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    const { credentials } = response.json() as { credentials: { credential: string; expiresAt: string; daysLeft: number }[] };
    expect(credentials).toEqual([
      { credential: 'apple-signing-certificate', expiresAt: certificateExpiry().toISOString(), daysLeft: expect.any(Number) },
      { credential: 'apple-apns-key', expiresAt: `${apnsExpiry}T00:00:00.000Z`, daysLeft: expect.any(Number) },
    ]);
    // openssl's -days 20 ends 20 days from now to the second: 19 whole days left once a moment has passed.
    expect(credentials[0]!.daysLeft).toBeGreaterThanOrEqual(19);
    expect(credentials[0]!.daysLeft).toBeLessThanOrEqual(20);
    expect(credentials[1]!.daysLeft).toBeGreaterThanOrEqual(4);
    expect(credentials[1]!.daysLeft).toBeLessThanOrEqual(5);
  });

  it('has a gauge of the days left', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    const days = sampleOf(response.body, 'cards_credential_days_left{credential="apple-signing-certificate"}');
    expect(days).toBeGreaterThanOrEqual(19);
    expect(days).toBeLessThanOrEqual(20);
    expect(sampleOf(response.body, 'cards_credential_days_left{credential="apple-apns-key"}')).toBeLessThanOrEqual(5);
  });

  it('mails each operator one warning per credential and threshold, however often the daily job runs', async () => {
    const { db } = t.services.database;
    const credentialMails = () =>
      db.selectFrom('mail_outbox').select(['to', 'data']).where('template', '=', 'credential-expiry').orderBy('to').execute();
    await t.services.jobs.enqueue(db, 'wallet.credential-expiry', {});
    await t.services.jobs.runDue({ kinds: ['wallet.credential-expiry', 'mail.send'] });
    await t.services.jobs.enqueue(db, 'wallet.credential-expiry', {});
    await t.services.jobs.runDue({ kinds: ['wallet.credential-expiry', 'mail.send'] });

    const queued = await credentialMails();
    // Two credentials near their expiry (the certificate at the 30-day threshold, the key at 7 days), two operators.
    expect(queued).toHaveLength(4);
    const sent = t.mail.sent.filter((mail) => /expires on/.test(mail.subject));
    expect(sent.map((mail) => mail.to).sort()).toEqual(['ops@example.com', 'ops@example.com', 'second-ops@example.com', 'second-ops@example.com']);
    const certificateMail = sent.find((mail) => mail.to === 'ops@example.com' && mail.subject.startsWith('The Apple Wallet signing certificate'))!;
    const longDay = (at: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    expect(certificateMail.subject).toMatch(new RegExp(`expires on ${longDay(certificateExpiry())}, in (19|20) days`));
    expect(certificateMail.text).toContain('APPLE_SIGNER_CERT');
    expect(sent.some((mail) => mail.subject.startsWith(`The APNs key expires on ${longDay(new Date(apnsExpiry))}`))).toBe(true);
  });

  it('the operator console shows the days left', async () => {
    const client = new TestClient(t.app);
    await client.register({ email: 'ops@example.com', name: 'Ops' });
    const health = (await client.get('/api/admin/health')).json() as { credentials: { credential: string; daysLeft: number }[] };
    expect(health.credentials.map((credential) => credential.credential)).toEqual(['apple-signing-certificate', 'apple-apns-key']);
    expect(health.credentials[0]!.daysLeft).toBeGreaterThanOrEqual(19);
  });
});
