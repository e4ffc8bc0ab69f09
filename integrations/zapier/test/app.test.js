'use strict';

/*
 * The Zapier app against our own server, started locally from its production build (apps/server/dist; run
 * `npm run build` at the repository root first). Zapier's part of the OAuth flow and every trigger and action
 * run through the platform's own app tester (zapier-platform-core's createAppTester); no internet is used.
 */

const { after, before, describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');

const client = { id: 'zapier-app-test', secret: 'zapier-app-test-secret' };
const redirectUri = 'https://zapier.com/dashboard/auth/oauth/return/App1CLIAPI/';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

let server;
let baseUrl;
let dataDir;
let appTester;
let App;
let zapier;
/** The signed-in browser's cookie, for the steps a person does (sign up, pay, allow). */
let cookie = '';

async function browser(method, url, body, headers = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    redirect: 'manual',
    headers: { origin: baseUrl, ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length) {
    const jar = new Map(cookie ? cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2)) : []);
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const [name, value] = pair.split(/=(.*)/s);
      jar.set(name, value);
    }
    cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  return response;
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

/** The person's part: the consent screen's Allow, answered with the redirect carrying the code. */
async function authorize(state) {
  const decided = await browser('POST', '/api/oauth/authorize', { client_id: client.id, redirect_uri: redirectUri, response_type: 'code', state, isAllowed: true });
  assert.equal(decided.status, 200, await decided.clone().text());
  return new URL((await decided.json()).redirectTo);
}

before(async () => {
  assert.ok(fs.existsSync(serverEntry), 'build the server first: npm run build (repository root)');
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-zapier-'));
  server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ZAPIER_CLIENT_ID: client.id,
      ZAPIER_CLIENT_SECRET: client.secret,
      ZAPIER_REDIRECT_URIS: redirectUri,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth();

  process.env.CARDS_BASE_URL = baseUrl;
  process.env.CLIENT_ID = client.id;
  process.env.CLIENT_SECRET = client.secret;
  zapier = require('zapier-platform-core');
  App = require('../index');
  appTester = zapier.createAppTester(App);

  // A person with a Pro plan (Zapier is a paid feature), a card and one lead on it.
  const signUp = await browser('POST', '/api/auth/sign-up/email', { name: 'Zap Tester', email: 'zap-tester@example.com', password: 'correct horse battery' });
  assert.equal(signUp.status, 200, await signUp.clone().text());
  const checkout = await browser('POST', '/api/billing/checkout', { plan: 'subscribed', period: 'month' });
  assert.equal(checkout.status, 200);
  const completed = await browser('POST', `${new URL((await checkout.json()).url).pathname}/complete`, undefined, { 'content-type': 'application/x-www-form-urlencoded' });
  assert.equal(completed.status, 303);
  const card = await browser('POST', '/api/cards', { title: 'Work card', name: 'Zap Tester' });
  assert.equal(card.status, 201);
  const cardId = (await card.json()).card.id;
  const lead = await fetch(`${baseUrl}/id/${cardId}/lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Lena Lead', email: 'lena@example.com' }),
  });
  assert.ok(lead.status < 300, await lead.text());
});

after(async () => {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the Zapier app against a local server', () => {
  let authData;

  it('sends the user to /oauth with the four values', () => {
    const { url, params } = App.authentication.oauth2Config.authorizeUrl;
    assert.equal(url, `${baseUrl}/oauth`);
    assert.deepEqual(Object.keys(params).sort(), ['client_id', 'redirect_uri', 'response_type', 'state']);
  });

  it('exchanges the code for tokens, tests the connection and labels it', async () => {
    const redirect = await authorize('zap-state');
    assert.equal(redirect.searchParams.get('state'), 'zap-state');
    authData = await appTester(App.authentication.oauth2Config.getAccessToken, {
      inputData: { code: redirect.searchParams.get('code'), redirect_uri: redirectUri, state: 'zap-state' },
    });
    assert.match(authData.access_token, /^cat_/);
    assert.match(authData.refresh_token, /^crt_/);
    const me = await appTester(App.authentication.test, { authData });
    assert.equal(me.email, 'zap-tester@example.com');
    assert.equal(App.authentication.connectionLabel, '{{email}}');
  });

  it('lists real recent leads, newest first (performList)', async () => {
    const leads = await appTester(App.triggers.new_lead.operation.performList, { authData });
    assert.equal(leads.length, 1);
    assert.equal(leads[0].name, 'Lena Lead');
    assert.equal(leads[0].kind, 'lead');
    for (const field of App.triggers.new_lead.operation.outputFields) assert.ok(field.key in leads[0], `output field ${field.key}`);
  });

  it('subscribes and unsubscribes the REST hook, and reads a delivery', async () => {
    const subscribeData = await appTester(App.triggers.new_lead.operation.performSubscribe, {
      authData,
      targetUrl: 'https://93.184.215.14/hooks/standard/1/abc',
    });
    assert.ok(subscribeData.id);
    const listed = await fetch(`${baseUrl}/api/v1/hooks`, { headers: { authorization: `Bearer ${authData.access_token}` } });
    assert.deepEqual((await listed.json()).hooks.map((hook) => hook.id), [subscribeData.id]);
    const delivered = await appTester(App.triggers.new_lead.operation.perform, {
      authData,
      cleanedRequest: { type: 'lead.created', timestamp: '2026-01-15T09:30:00.000Z', data: App.triggers.new_lead.operation.sample },
    });
    assert.equal(delivered[0].name, 'Lena Lead');
    await appTester(App.triggers.new_lead.operation.performUnsubscribe, { authData, subscribeData });
    const after = await fetch(`${baseUrl}/api/v1/hooks`, { headers: { authorization: `Bearer ${authData.access_token}` } });
    assert.deepEqual((await after.json()).hooks, []);
  });

  it('creates a contact', async () => {
    const contact = await appTester(App.creates.create_contact.operation.perform, {
      authData,
      inputData: { name: 'Chris Contact', email: 'chris@example.com', company: 'Example Ltd' },
    });
    assert.equal(contact.name, 'Chris Contact');
    assert.equal(contact.kind, 'manual');
  });

  it('asks Zapier to refresh on an expired token (401), and the refresh works', async () => {
    await assert.rejects(appTester(App.authentication.test, { authData: { ...authData, access_token: 'cat_expired-or-unknown' } }), (error) => {
      assert.equal(error.name, 'RefreshAuthError');
      return true;
    });
    const refreshed = await appTester(App.authentication.oauth2Config.refreshAccessToken, { authData });
    assert.notEqual(refreshed.access_token, authData.access_token);
    const me = await appTester(App.authentication.test, { authData: refreshed });
    assert.equal(me.email, 'zap-tester@example.com');
  });
});
