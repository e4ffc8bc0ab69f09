import { OAuth2Server as MockOpenIdProvider } from 'oauth2-mock-server';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../src/modules/mail/templates/index';
import { buyPro } from '../billing-support';
import { zapierClient, zapierEnv, zapierOAuth } from '../integrations-support';
import { createTestApp, testOrigin, TestClient, type TestApp } from '../test-app';

/*
 * Security notices: each change to how an account is signed in to or reached from outside queues exactly one
 * "security-notice" mail to the account's address, read here as the template renders it for sending; an
 * attempt that fails queues none. Google is a local OpenID provider (oauth2-mock-server), Zapier a standard
 * OAuth client (oauth4webapi) against the server on 127.0.0.1.
 */

let t: TestApp;
let google: MockOpenIdProvider;
let googleEmail = '';

beforeAll(async () => {
  google = new MockOpenIdProvider();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  const claims = () => ({ sub: `sub-${googleEmail}`, email: googleEmail, email_verified: true, name: 'Gus Google' });
  google.service.on('beforeTokenSigning', (token) => void Object.assign(token.payload, claims()));
  google.service.on('beforeUserinfo', (userinfo) => void (userinfo.body = claims()));
  t = await createTestApp({ ...zapierEnv, GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: google.issuer.url! });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

/** The security notices queued to an address, rendered as they will be sent. */
async function noticesTo(email: string) {
  const rows = await t.services.database.db
    .selectFrom('mail_outbox')
    .select(['template', 'data'])
    .where('to', '=', email.toLowerCase())
    .where('template', '=', 'security-notice')
    .execute();
  return rows.map((row) => renderMail(row.template, JSON.parse(row.data), { baseUrl: testOrigin, invitationPath: () => '' }));
}

async function expectOneNotice(email: string, subject: string, says: string[] = []) {
  const notices = await noticesTo(email);
  expect(notices.map((notice) => notice.subject)).toEqual([subject]);
  for (const words of says) expect(notices[0]!.text).toContain(words);
  expect(notices[0]!.text).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC/);
  expect(notices[0]!.text).toContain('“Forgot password?”');
}

async function signedIn() {
  const client = new TestClient(t.app);
  const account = await client.register({ name: 'Nora Notice' });
  return { client, ...account };
}

describe('security notices', () => {
  it('a password change in Settings: one "Your password was changed"; a wrong current password: none', async () => {
    const { client, email, password } = await signedIn();
    const wrong = await client.post('/api/account/password', { currentPassword: 'not the password', newPassword: 'brand new secret', confirmPassword: 'brand new secret' });
    expect(wrong.statusCode).toBe(400);
    expect(await noticesTo(email)).toEqual([]);

    const changed = await client.post('/api/account/password', { currentPassword: password, newPassword: 'brand new secret', confirmPassword: 'brand new secret' });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectOneNotice(email, 'Your password was changed', ['The password of your account was changed in Settings']);
  });

  it('a first password set by a Google-only account: one "A password was added"; a refused attempt: none', async () => {
    googleEmail = `google-${Date.now()}@gmail.example`;
    const client = new TestClient(t.app);
    const started = await client.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login' });
    expect(started.statusCode, started.body).toBe(200);
    const authorize = await fetch(started.json().url as string, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    expect((await client.get(`${callback.pathname}${callback.search}`)).statusCode).toBe(302);
    expect((await client.get('/api/me')).json()).toMatchObject({ hasPassword: false, hasGoogle: true });

    // A sign-in older than a few minutes must be renewed first: refused, nothing changes, nobody is told.
    const db = t.services.database.db;
    const userId = (await client.get('/api/me')).json().id as string;
    await db.updateTable('session').set({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() }).where('userId', '=', userId).execute();
    const stale = await client.post('/api/account/password', { newPassword: 'a first password', confirmPassword: 'a first password' });
    expect(stale.statusCode).toBe(403);
    expect(await noticesTo(googleEmail)).toEqual([]);
    await db.updateTable('session').set({ createdAt: new Date().toISOString() }).where('userId', '=', userId).execute();

    const set = await client.post('/api/account/password', { newPassword: 'a first password', confirmPassword: 'a first password' });
    expect(set.statusCode, set.body).toBe(200);
    await expectOneNotice(googleEmail, 'A password was added', ['A password was added to your account']);
  });

  it('two-factor turned off: one "Two-factor sign-in was turned off", only once the library answered 200', async () => {
    const { client, email, password } = await signedIn();
    // Asking to turn off what was never on changes nothing and tells nobody.
    expect((await client.post('/api/auth/two-factor/disable', { password })).statusCode).toBe(200);
    const enabled = await client.post('/api/auth/two-factor/enable', { password });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const totp = OTPAuth.URI.parse(enabled.json().totpURI as string) as OTPAuth.TOTP;
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);

    expect((await client.post('/api/auth/two-factor/disable', { password: 'not the password' })).statusCode).toBe(400);
    expect(await noticesTo(email)).toEqual([]);

    expect((await client.post('/api/auth/two-factor/disable', { password })).statusCode).toBe(200);
    await expectOneNotice(email, 'Two-factor sign-in was turned off', ['Signing in now needs only the password.']);
  });

  it('a new API key: one "A new API key was created" naming it; a refused request: none', async () => {
    const { client, email } = await signedIn();
    const refused = await client.post('/api/integrations/api-keys', { name: 'CRM sync', scopes: ['not-a-scope'] });
    expect(refused.statusCode).toBe(400);
    expect(await noticesTo(email)).toEqual([]);

    const created = await client.post('/api/integrations/api-keys', { name: 'CRM sync', scopes: ['contacts:read'] });
    expect(created.statusCode, created.body).toBe(201);
    await expectOneNotice(email, 'A new API key was created', ['A new API key “CRM sync” was created']);
  });

  it('a new Zapier grant: one "Zapier was connected to your account"; Deny, a second consent and token refreshes: none', async () => {
    const { client, email } = await signedIn();
    await buyPro(client);
    const zapier = await zapierOAuth(t);
    const denied = await zapier.allow(
      client,
      { client_id: zapierClient.id, redirect_uri: zapierClient.redirectUri, response_type: 'code', state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' },
      false,
    );
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(await noticesTo(email)).toEqual([]);

    const connect = async () => {
      const { tokens } = await zapier.connect(client);
      expect((await zapier.refresh(tokens.refresh_token!)).status).toBe(200);
    };
    await connect();
    await expectOneNotice(email, 'Zapier was connected to your account', ['Zapier was connected to your account on']);
    // Zapier asking again under the same connection is no new connection.
    await connect();
    expect(await noticesTo(email)).toHaveLength(1);
  });
});
