import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/modules/rate-limit/rate-limit-module';
import { fileUpload } from './multipart';
import { createTestApp, outboxMail, testOrigin, TestClient, type TestApp } from './test-app';

/*
 * Accounts and security: password reset, verified addresses, two-factor sign-in, sessions, the one rate
 * limiter, client addresses behind proxies, the cross-site check, the billing mode and the auth routes the
 * app lets through. Each test fails without the fix it names.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const db = () => t.services.database.db;
const randomEmail = () => `u-${crypto.randomBytes(5).toString('hex')}@example.com`;

async function withApp(env: Record<string, string>, run: (app: TestApp) => Promise<void>) {
  const app = await createTestApp(env);
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe('the one rate limiter (database, shared by every process)', () => {
  it('lets exactly `max` of many concurrent attempts through, then reopens after the window', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(db(), () => now);
    const decisions = await Promise.all(Array.from({ length: 12 }, () => limiter.consume('k', { max: 5, windowSeconds: 60 })));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    expect(decisions.find((decision) => !decision.allowed)?.retryAfterSeconds).toBe(60);
    // A second limiter (another process) sees the same count.
    const other = createRateLimiter(db(), () => now);
    expect((await other.consume('k', { max: 5, windowSeconds: 60 })).allowed).toBe(false);
    now += 60_000;
    expect((await other.consume('k', { max: 5, windowSeconds: 60 })).allowed).toBe(true);
  });

  it('serves Better Auth: its per-address sign-up limit is counted in the app table', async () => {
    await withApp({ SIGN_IN_RATE_LIMIT_MAX: '2' }, async (app) => {
      const client = new TestClient(app.app, '192.0.2.44');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await client.post('/api/auth/sign-up/email', { name: 'X', email: randomEmail(), password: 'long enough pw' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const rows = await app.services.database.db.selectFrom('rate_limit_bucket').select('key').execute();
      expect(rows.some((row) => row.key.startsWith('auth:') && row.key.includes('192.0.2.44'))).toBe(true);
    });
  });
});

describe('sign-in limits per address and per account', () => {
  it('limits guesses at one account from many addresses', async () => {
    await withApp({ SIGN_IN_RATE_LIMIT_MAX: '3' }, async (app) => {
      const { email } = await new TestClient(app.app).register();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await new TestClient(app.app, `198.18.0.${i + 1}`).signIn(email, 'wrong guess!')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  });

  it('counts the password checks of Settings in the same budget as sign-in (password, email, deletion, two-factor)', async () => {
    await withApp({ SIGN_IN_RATE_LIMIT_MAX: '4' }, async (app) => {
      const client = new TestClient(app.app, '192.0.2.77');
      const { email } = await client.register();
      const wrong = 'not my password';
      expect((await client.post('/api/account/password', { currentPassword: wrong, newPassword: 'new password 1', confirmPassword: 'new password 1' })).statusCode).toBe(400);
      expect((await client.post('/api/account/email', { newEmail: randomEmail(), password: wrong })).statusCode).toBe(400);
      expect((await client.post('/api/account/delete', { password: wrong })).statusCode).toBe(400);
      expect((await client.post('/api/auth/two-factor/enable', { password: wrong })).statusCode).toBe(400);
      const limited = await client.post('/api/account/delete', { password: wrong });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // The sign-in form from another address is limited for this account too.
      expect((await new TestClient(app.app, '192.0.2.78').signIn(email, wrong)).statusCode).toBe(429);
    });
  });
});

describe('TRUST_PROXY: a forged X-Forwarded-For cannot escape the sign-in limit', () => {
  async function attempts(app: TestApp, socket: string, forwardedFor: () => string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const client = new TestClient(app.app, socket);
      // Another account each time, so only the per-address budget can stop it.
      const response = await client.request('POST', '/api/auth/sign-in/email', { email: randomEmail(), password: 'guess guess' }, { 'x-forwarded-for': forwardedFor() });
      statuses.push(response.statusCode);
    }
    return statuses;
  }
  const forged = () => `203.0.113.${crypto.randomInt(1, 250)}`;

  it('without a proxy the header is ignored', async () => {
    await withApp({ SIGN_IN_RATE_LIMIT_MAX: '3' }, async (app) => {
      expect(await attempts(app, '198.51.100.20', forged, 5)).toEqual([401, 401, 401, 429, 429]);
    });
  });

  it('behind one proxy (TRUST_PROXY=1) only the address the proxy saw counts', async () => {
    await withApp({ SIGN_IN_RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' }, async (app) => {
      // The proxy appends the client it saw (192.0.2.10) after whatever the client sent.
      expect(await attempts(app, '10.0.0.2', () => `${forged()}, 192.0.2.10`, 5)).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has its own budget.
      expect(await attempts(app, '10.0.0.2', () => '192.0.2.11', 1)).toEqual([401]);
    });
  });

  it('with a list of proxies, a header from anyone else is ignored', async () => {
    await withApp({ SIGN_IN_RATE_LIMIT_MAX: '3', TRUST_PROXY: '10.0.0.0/8' }, async (app) => {
      expect(await attempts(app, '198.51.100.30', forged, 5)).toEqual([401, 401, 401, 429, 429]);
      expect(await attempts(app, '10.1.2.3', () => '192.0.2.12', 1)).toEqual([401]);
    });
  });
});

describe('password reset', () => {
  it('mails a single-use, expiring link; the new password ends every other session', async () => {
    const device = new TestClient(t.app);
    const { email } = await device.register({ name: 'Rita' });
    const stranger = new TestClient(t.app);

    expect((await stranger.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = await outboxMail(t, email, 'password-reset');
    expect(mail.data).toMatchObject({ displayName: 'Rita', expiresInMinutes: 60 });
    // The token is stored hashed: the verification table does not hold the link's token.
    const linkPath = String(mail.data.linkPath);
    const token = linkPath.match(/reset-password\/([^?]+)/)![1]!;
    const stored = await db().selectFrom('verification' as never).selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await stranger.get(linkPath);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${testOrigin}/reset-password?token=${token}`);

    const weak = await stranger.post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect((await stranger.post('/api/auth/reset-password', { token, newPassword: 'a brand new one' })).statusCode).toBe(200);
    expect((await stranger.post('/api/auth/reset-password', { token, newPassword: 'and yet another' })).statusCode).toBe(400);

    expect((await device.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, 'correct horse battery')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, 'a brand new one')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email } = await new TestClient(t.app).register();
    await new TestClient(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const token = String((await outboxMail(t, email, 'password-reset')).data.linkPath).match(/reset-password\/([^?]+)/)![1]!;
    await db()
      .updateTable('verification' as never)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .execute();
    expect((await new TestClient(t.app).post('/api/auth/reset-password', { token, newPassword: 'a brand new one' })).statusCode).toBe(400);
  });

  it('answers the same for an unknown address (no account enumeration) and limits mails per address', async () => {
    const unknown = await new TestClient(t.app).post('/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' });
    expect(unknown.statusCode).toBe(200);
    expect(await db().selectFrom('mail_outbox').selectAll().where('to', '=', 'nobody@example.com').execute()).toEqual([]);

    const { email } = await new TestClient(t.app).register();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await new TestClient(t.app, `198.18.1.${i + 1}`).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('email verification', () => {
  it('verifies a new account through the mailed link; until then it signs in but sends no invitations and gets no lead mails', async () => {
    const client = new TestClient(t.app);
    const { email, password } = await client.register({ verified: false });
    expect((await client.get('/api/me')).json()).toMatchObject({ emailVerified: false });
    expect((await new TestClient(t.app).signIn(email, password)).statusCode).toBe(200);

    const invite = await client.post('/api/teams/members', { email: randomEmail(), name: 'Ed', role: 'employee' });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error.code).toBe('email-not-verified');

    const card = await client.post('/api/cards', { title: 'Work', name: 'Uma Unverified', leadForm: { isEnabled: true, thankYouMessage: '' } });
    expect(card.statusCode, card.body).toBe(201);
    const lead = await t.app.inject({
      method: 'POST',
      url: `/id/${card.json().card.id}/lead`,
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ name: 'Vera', email: 'vera@example.com', phone: '', company: '', message: 'hi', website: '' }).toString(),
    });
    expect(lead.statusCode, lead.body).toBe(303);
    expect(await db().selectFrom('mail_outbox').select('id').where('template', '=', 'new-lead').execute()).toEqual([]);

    const link = await outboxMail(t, email, 'verify-email');
    expect(link.data).toMatchObject({ isChange: false });
    expect((await client.get(String(link.data.linkPath))).statusCode).toBe(302);
    expect((await client.get('/api/me')).json()).toMatchObject({ emailVerified: true });
  });

  it('sends the link again on request, limited per address', async () => {
    const { email } = await new TestClient(t.app).register({ verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await new TestClient(t.app, `198.18.2.${i + 1}`).post('/api/auth/send-verification-email', { email, callbackURL: '/' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('two-factor sign-in', () => {
  async function enableTwoFactor(client: TestClient, password: string) {
    const enabled = await client.post('/api/auth/two-factor/enable', { password });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    // Not on until a code from the app proves the secret was saved.
    expect((await client.get('/api/me')).json().twoFactorEnabled).toBe(false);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
    expect((await client.get('/api/me')).json().twoFactorEnabled).toBe(true);
    return { totp, backupCodes };
  }

  it('asks for the authenticator code after the password; a backup code works once', async () => {
    const client = new TestClient(t.app);
    const { email, password } = await client.register();
    const { totp, backupCodes } = await enableTwoFactor(client, password);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    const laptop = new TestClient(t.app);
    const first = await laptop.signIn(email, password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    const wrong = await laptop.post('/api/auth/two-factor/verify-totp', { code: '000000' === totp.generate() ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await laptop.post('/api/auth/two-factor/verify-totp', { code: next })).statusCode).toBe(200);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);

    const phone = new TestClient(t.app);
    await phone.signIn(email, password);
    expect((await phone.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(200);
    const again = new TestClient(t.app);
    await again.signIn(email, password);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(401);
  });

  it('locks the second factor of the account after five wrong codes, whatever the address', async () => {
    const client = new TestClient(t.app);
    const { email, password } = await client.register();
    const { totp } = await enableTwoFactor(client, password);
    for (let i = 0; i < 5; i += 1) {
      const attacker = new TestClient(t.app, `198.18.3.${i + 1}`);
      await attacker.signIn(email, password);
      await attacker.post('/api/auth/two-factor/verify-totp', { code: String(100000 + i) });
    }
    const late = new TestClient(t.app, '198.18.3.99');
    await late.signIn(email, password);
    expect((await late.post('/api/auth/two-factor/verify-totp', { code: totp.generate({ timestamp: Date.now() + 30_000 }) })).statusCode).not.toBe(200);
    expect((await late.get('/api/me')).statusCode).toBe(401);
  });

  it('turns off with the password', async () => {
    const client = new TestClient(t.app);
    const { email, password } = await client.register();
    await enableTwoFactor(client, password);
    expect((await client.post('/api/auth/two-factor/disable', { password })).statusCode).toBe(200);
    const again = new TestClient(t.app);
    expect((await again.signIn(email, password)).json()).not.toHaveProperty('twoFactorRedirect');
    expect((await again.get('/api/me')).statusCode).toBe(200);
  });
});

describe('sessions in Settings → General', () => {
  it('lists the devices without their tokens and signs out one or all others', async () => {
    const laptop = new TestClient(t.app);
    const { email, password } = await laptop.register();
    const phone = new TestClient(t.app);
    const tablet = new TestClient(t.app);
    await phone.signIn(email, password);
    await tablet.signIn(email, password);

    const listed = await laptop.get('/api/account/sessions');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().sessions as { id: string; isCurrent: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.isCurrent).toBe(true);
    const tokens = await db().selectFrom('session').select('token').execute();
    for (const { token } of tokens) expect(listed.body).not.toContain(token);

    // Someone else cannot end these sessions.
    const stranger = new TestClient(t.app);
    await stranger.register();
    expect((await stranger.delete(`/api/account/sessions/${sessions[1]!.id}`)).statusCode).toBe(404);

    const phoneSession = (await phone.get('/api/account/sessions')).json().sessions.find((s: { isCurrent: boolean }) => s.isCurrent).id;
    expect((await laptop.delete(`/api/account/sessions/${phoneSession}`)).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await tablet.get('/api/me')).statusCode).toBe(200);

    expect((await laptop.post('/api/account/sessions/revoke-others')).statusCode).toBe(200);
    expect((await tablet.get('/api/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);
    expect((await laptop.get('/api/account/sessions')).json().sessions).toHaveLength(1);
  });
});

describe('the cross-site check', () => {
  const evil = 'https://evil.example';

  it('refuses a state change from another site, for JSON, text/plain and multipart alike; nothing changes', async () => {
    const client = new TestClient(t.app);
    const { email } = await client.register({ name: 'Carl' });

    const json = await client.request('PATCH', '/api/account/profile', { displayName: 'Hacked' }, { origin: evil });
    expect(json.statusCode).toBe(403);
    expect(json.json().error.code).toBe('cross-site');

    const text = await client.request('POST', '/api/account/email', Buffer.from(JSON.stringify({ newEmail: 'x@evil.example', password: 'p' })), {
      origin: evil,
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(403);

    const image = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    const upload = fileUpload(image, 'x.png', 'image/png');
    const multipart = await client.request('POST', '/api/account/photo', upload.body, { ...upload.headers, origin: evil });
    expect(multipart.statusCode).toBe(403);

    // The browser's own word wins over an Origin a non-browser could copy.
    const fetchSite = await client.request('PATCH', '/api/account/profile', { displayName: 'Hacked' }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const sameSite = await client.request('PATCH', '/api/account/profile', { displayName: 'Hacked' }, { 'sec-fetch-site': 'same-site' });
    expect(sameSite.statusCode).toBe(403);
    const opaque = await client.request('PATCH', '/api/account/profile', { displayName: 'Hacked' }, { origin: 'null' });
    expect(opaque.statusCode).toBe(403);

    expect((await client.get('/api/me')).json()).toMatchObject({ displayName: 'Carl', email, photoUrl: null });
    const ok = await client.request('PATCH', '/api/account/profile', { displayName: 'Carl B' }, { 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a request with a session cookie but neither Origin nor Sec-Fetch-Site', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const response = await client.request('PATCH', '/api/account/profile', { displayName: 'No origin' }, { origin: '' });
    expect(response.statusCode).toBe(403);
  });

  it('keeps the public lead form working without JavaScript, and refuses it from another site', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const card = (await client.post('/api/cards', { title: 'Work', name: 'Ada', leadForm: { isEnabled: true, thankYouMessage: '' } })).json().card;
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/id/${card.id}/lead`,
        remoteAddress: '198.51.100.8',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
        payload: new URLSearchParams({ name: 'Vera', email: 'vera@example.com', phone: '', company: '', message: '', website: '' }).toString(),
      });
    expect((await post({ origin: testOrigin })).statusCode).toBe(303);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'null' })).statusCode).toBe(303);
    expect((await post({})).statusCode).toBe(303);
    const refused = await post({ origin: evil });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(await db().selectFrom('contact').select('id').execute()).toHaveLength(3);
  });

  it('lets the listed non-browser endpoints through (the Stripe webhook) and covers /api/auth too (no sign-in from another site)', async () => {
    const webhook = await t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { origin: evil, 'content-type': 'application/json' }, payload: '{}' });
    expect(webhook.statusCode).not.toBe(403);
    const { email, password } = await new TestClient(t.app).register();
    const signIn = await new TestClient(t.app).request('POST', '/api/auth/sign-in/email', { email, password }, { origin: evil });
    expect(signIn.statusCode).toBe(403);
  });
});

describe('the auth library routes the app lets through', () => {
  it('exposes only the routes the SPA and the mails use', async () => {
    const client = new TestClient(t.app);
    await client.register();
    for (const [method, url] of [
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/list-accounts'],
      ['POST', '/api/auth/revoke-sessions'],
      ['POST', '/api/auth/two-factor/get-totp-uri'],
    ] as const) {
      const response = await client.request(method, url, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('validates sign-up like the app: name length, and no image URL or other fields', async () => {
    const client = new TestClient(t.app);
    const long = await client.post('/api/auth/sign-up/email', { name: 'x'.repeat(101), email: randomEmail(), password: 'long enough pw' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.name).toBe('Name must be at most 100 characters');
    const image = await client.post('/api/auth/sign-up/email', { name: 'Eve', email: randomEmail(), password: 'long enough pw', image: 'https://evil.example/t.gif' });
    expect(image.statusCode).toBe(400);
    const plan = await client.post('/api/auth/sign-up/email', { name: 'Eve', email: randomEmail(), password: 'long enough pw', plan: 'team' });
    expect(plan.statusCode).toBe(400);
    const offSite = await client.post('/api/auth/sign-up/email', { name: 'Eve', email: randomEmail(), password: 'long enough pw', callbackURL: 'https://evil.example' });
    expect(offSite.statusCode).toBe(400);
    expect(await db().selectFrom('user').select('id').execute()).toEqual([]);
  });
});

describe('BILLING_PROVIDER=none: every account has every feature', () => {
  it('puts every account on the top plan with no card limit, and sells nothing', async () => {
    await withApp({ BILLING_PROVIDER: 'none' }, async (app) => {
      const client = new TestClient(app.app);
      await client.register();
      expect((await client.get('/api/me')).json().plan).toBe('team');
      expect((await client.get('/api/public-config')).json()).toMatchObject({ billingProvider: 'none' });
      const status = (await client.get('/api/billing')).json();
      expect(status.provider).toBe('none');
      expect((await client.get('/api/billing/card-access')).json()).toMatchObject({ maxActiveCards: null });
      for (let i = 0; i < 3; i += 1) expect((await client.post('/api/cards', { title: `Card ${i}`, name: 'N' })).statusCode).toBe(201);
      expect((await client.get('/api/contacts/export/csv')).statusCode).toBe(200);
      const checkout = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().error.code).toBe('billing-disabled');
      expect((await client.post('/api/billing/test-clock', { days: 1 })).statusCode).toBe(404);
    });
  });

  it('takes the free plan back when the server starts selling again', async () => {
    const client = new TestClient(t.app);
    const { userId } = await client.register();
    await db().updateTable('user').set({ plan: 'team' }).where('id', '=', userId).execute();
    const { applyBillingMode } = await import('../src/modules/billing/billing-module');
    await applyBillingMode(db(), false, new Date());
    expect((await client.get('/api/me')).json().plan).toBe('basic');
  });
});
