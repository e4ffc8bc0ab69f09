// The database restarts under a running server (docs/decisions/0043): the built server on a PostgreSQL database
// of its own, leads sent to a card's form one after another, PostgreSQL's cluster restarted meanwhile with
// pg_ctlcluster. Passes when the server is still up, serves again within a bound after the restart, answered
// nothing but 201 or 503 with Retry-After (no 500, no hanging request), and every lead it acknowledged is
// stored. Prints what it measured. Run by .ci/database-restart, which says when it may run.
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clusterVersion = process.env.PG_CLUSTER_VERSION ?? fs.readdirSync('/etc/postgresql').sort()[0];
/** After the restart command returns, the server must acknowledge a lead again within this time. */
const servesAgainWithinMs = 15_000;
/** A request that takes longer hangs. */
const requestDeadlineMs = 10_000;
/** Leads sent before the restart (the server is warm, pg-boss polls, the pool holds connections). */
const leadsBeforeRestart = 20;
/** Leads acknowledged after the restart before the loop stops. */
const leadsAfterRestart = 20;
/** Lead senders at once, each sending one lead after another. */
const senders = 2;

const fail = (message) => {
  throw new Error(message);
};
const say = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const databaseName = `cards_restart_${crypto.randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-database-restart-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let server;
const output = [];

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function cleanUp() {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => server.kill('SIGKILL'))]);
  }
  // PostgreSQL may still be starting when a failure got us here.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await withClient(adminUrl, (client) => client.query(`drop database if exists ${databaseName} with (force)`));
      break;
    } catch {
      await sleep(500);
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function request(method, pathname, { body, cookie } = {}) {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(requestDeadlineMs),
      headers: {
        origin: baseUrl,
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, tookMs: Date.now() - started };
  } catch (error) {
    // Refused (the server is gone) or past the deadline (hanging): both fail the run below.
    return { status: 0, headers: new Headers(), text: String(error?.cause?.code ?? error?.name ?? error), tookMs: Date.now() - started };
  }
}

try {
  await withClient(adminUrl, (client) => client.query(`create database ${databaseName}`));
  say(`== database restart: the built server on ${databaseName}, PostgreSQL ${clusterVersion}/main`);
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'info',
      LEAD_FORM_RATE_LIMIT_MAX: '100000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => output.push(chunk.toString('utf8')));
  const isUp = () => server.exitCode === null && server.signalCode === null;

  for (let waited = 0; ; waited += 200) {
    if (!isUp()) fail(`the server exited before it was ready:\n${output.join('')}`);
    if ((await request('GET', '/healthz')).status === 200) break;
    if (waited > 60_000) fail(`the server is not ready after 60 s:\n${output.join('')}`);
    await sleep(200);
  }

  // An owner with a card whose lead form is on.
  const email = 'restart-owner@example.com';
  const signUp = await request('POST', '/api/auth/sign-up/email', { body: { name: 'Restart Owner', email, password: 'correct horse battery staple' } });
  if (signUp.status !== 200) fail(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const link = await withClient(databaseUrl, (client) => client.query(`select data from mail_outbox where "to" = $1 and template = 'verify-email'`, [email]));
  const confirmed = await request('GET', JSON.parse(link.rows[0].data).linkPath);
  if (confirmed.status !== 302) fail(`the confirmation link answered ${confirmed.status}: ${confirmed.text}`);
  const cookie = confirmed.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const created = await request('POST', '/api/cards', { cookie, body: { title: 'Restart card', name: 'Restart Owner', leadForm: { isEnabled: true, thankYouMessage: '' } } });
  if (created.status !== 201) fail(`creating the card answered ${created.status}: ${created.text}`);
  const cardId = JSON.parse(created.text).card.id;

  // Leads one after another from each sender until told to stop; every answer is kept.
  const answers = [];
  let restartDoneAt = 0;
  let stopping = false;
  let sent = 0;
  const sending = Array.from({ length: senders }, async () => {
    while (!stopping) {
      const index = (sent += 1);
      const name = `Lead ${String(index).padStart(4, '0')}`;
      const sentAt = Date.now();
      const answer = await request('POST', `/id/${cardId}/lead`, { body: { name, email: `lead${index}@example.com`, consent: true } });
      answers.push({ name, sentAt, ...answer });
      // A refused request comes back at once: do not spin.
      if (answer.status !== 201) await sleep(100);
    }
  });

  const waitFor = async (check, timeoutMs, what) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) fail(`${what} not within ${timeoutMs} ms`);
      await sleep(50);
    }
  };
  await waitFor(() => answers.filter((answer) => answer.status === 201).length >= leadsBeforeRestart, 30_000, `${leadsBeforeRestart} leads acknowledged before the restart`);

  say(`== database restart: pg_ctlcluster --skip-systemctl-redirect ${clusterVersion} main restart`);
  const restartStartedAt = Date.now();
  // Not execFileSync: the senders keep sending while PostgreSQL restarts.
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', clusterVersion, 'main', 'restart']);
  restartDoneAt = Date.now();
  const acknowledgedAfter = () => answers.filter((answer) => answer.status === 201 && answer.sentAt >= restartDoneAt);
  await waitFor(() => acknowledgedAfter().length >= 1 || !isUp(), servesAgainWithinMs, 'a lead acknowledged after the restart');
  if (!isUp()) fail(`the server exited during the restart:\n${output.join('')}`);
  const servedAgainMs = acknowledgedAfter()[0].sentAt + acknowledgedAfter()[0].tookMs - restartDoneAt;
  await waitFor(() => acknowledgedAfter().length >= leadsAfterRestart, 30_000, `${leadsAfterRestart} leads acknowledged after the restart`);
  stopping = true;
  await Promise.all(sending);

  if (!isUp()) fail(`the server exited:\n${output.join('')}`);
  const health = await request('GET', '/healthz');
  if (health.status !== 200) fail(`/healthz answered ${health.status} after the restart`);

  const acknowledged = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status === 503);
  const unexpected = answers.filter((answer) => answer.status !== 201 && answer.status !== 503);
  const refusedWithoutRetryAfter = refused.filter((answer) => !/^\d+$/.test(answer.headers.get('retry-after') ?? ''));
  const stored = new Set((await withClient(databaseUrl, (client) => client.query('select name from contact'))).rows.map((row) => row.name));
  const lost = acknowledged.filter((answer) => !stored.has(answer.name));
  const slowestRefusalMs = Math.max(0, ...refused.map((answer) => answer.tookMs));

  say(
    `== database restart: ${answers.length} leads sent, ${acknowledged.length} acknowledged (201), ${refused.length} refused (503), ` +
      `${unexpected.length} other; restart took ${restartDoneAt - restartStartedAt} ms; served again ${servedAgainMs} ms after it; ` +
      `slowest 503 ${slowestRefusalMs} ms`,
  );
  if (unexpected.length > 0) fail(`answers other than 201 or 503: ${unexpected.map((answer) => `${answer.name} ${answer.status} ${answer.text.slice(0, 200)}`).join('; ')}\n${output.join('')}`);
  if (refusedWithoutRetryAfter.length > 0) fail(`${refusedWithoutRetryAfter.length} 503 answers without Retry-After`);
  if (lost.length > 0) fail(`acknowledged leads missing from the database: ${lost.map((answer) => answer.name).join(', ')}`);
  if (!output.join('').includes('database available again') && refused.length > 0) fail('the outage was not logged as over');
  say('== database restart: passed');
} finally {
  await cleanUp();
}
