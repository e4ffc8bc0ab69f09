import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { googleSignIn, startMockGoogle } from '../google-support';
import { bearer, createKey } from '../integrations-support';
import { createTestApp, outboxMail, TestClient, type TestApp } from '../test-app';

/*
 * Accounts nobody can take over: every way in ends in the same second-factor step, a confirmation link evicts
 * whoever registered an address they do not own, and while sign-up is not open an unconfirmed account can do
 * nothing but confirm. Each test fails on the code before its rule.
 */

let t: TestApp;
let google: Awaited<ReturnType<typeof startMockGoogle>>;
beforeEach(async () => {
  google = await startMockGoogle();
  t = await createTestApp({ ...google.env, ADMIN_EMAILS: 'root@example.com', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
});
afterEach(async () => {
  await t.close();
  await google.stop();
});

const db = () => t.services.database.db;
const randomEmail = () => `u-${crypto.randomBytes(5).toString('hex')}@example.com`;

/** Turns two-factor sign-in on with the authenticator app, as Settings does. */
async function enableTwoFactor(client: TestClient, password: string): Promise<OTPAuth.TOTP> {
  const enabled = await client.post('/api/auth/two-factor/enable', { password });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const totp = OTPAuth.URI.parse((enabled.json() as { totpURI: string }).totpURI) as OTPAuth.TOTP;
  expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
  return totp;
}

/** A code the account has not used yet (a code works once). */
const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

/** The path of the newest verification link mailed to an address. */
async function verificationLink(email: string): Promise<string> {
  return (await outboxMail(t, email, 'verify-email')).data.linkPath as string;
}

describe('a second factor on every way in', () => {
  async function accountWithTwoFactor() {
    const owner = new TestClient(t.app);
    const account = await owner.register({ email: randomEmail() });
    const totp = await enableTwoFactor(owner, account.password);
    return { ...account, totp };
  }

  it('"Continue with Google" into an account with two-factor on asks for the code before any session', async () => {
    const { email, totp } = await accountWithTwoFactor();
    google.signInAs(email);
    const browser = new TestClient(t.app);
    const landing = await googleSignIn(browser, { callbackURL: '/contacts' });
    expect(landing).toBe('/login?second-factor=1&next=%2Fcontacts');
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(totp) })).statusCode).toBe(200);
    expect((await browser.get('/api/me')).json()).toMatchObject({ email, twoFactorEnabled: true, hasGoogle: true });
    // The account is told that Google now signs in to it.
    expect((await outboxMail(t, email, 'security-notice')).data).toMatchObject({ change: 'sign-in-method-added', method: 'google' });

    // Once linked, the next Google sign-in asks again.
    const again = new TestClient(t.app);
    expect(await googleSignIn(again)).toBe('/login?second-factor=1&next=%2F');
    expect((await again.get('/api/me')).statusCode).toBe(401);
  });

  it('the Google way back to an invitation and to an app asking for access keeps its address through the second step', async () => {
    const { email } = await accountWithTwoFactor();
    google.signInAs(email);
    const invitation = '/invite/some-token?accept=1';
    expect(await googleSignIn(new TestClient(t.app), { callbackURL: invitation, newUserCallbackURL: invitation })).toBe(
      `/login?second-factor=1&next=${encodeURIComponent(invitation)}`,
    );
    const consent = '/oauth?client_id=zapier&state=s&redirect_uri=https%3A%2F%2Fzapier.com%2Freturn&response_type=code';
    const browser = new TestClient(t.app);
    expect(await googleSignIn(browser, { callbackURL: consent, newUserCallbackURL: consent })).toBe(`/login?second-factor=1&next=${encodeURIComponent(consent)}`);
    expect((await browser.get('/api/oauth/authorize?client_id=zapier&state=s&redirect_uri=https%3A%2F%2Fzapier.com%2Freturn&response_type=code')).statusCode).toBe(401);
  });

  it('a backup code finishes a Google sign-in too', async () => {
    const owner = new TestClient(t.app);
    const account = await owner.register({ email: randomEmail() });
    const enabled = await owner.post('/api/auth/two-factor/enable', { password: account.password });
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    await owner.post('/api/auth/two-factor/verify-totp', { code: (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate() });
    google.signInAs(account.email);
    const browser = new TestClient(t.app);
    await googleSignIn(browser);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect((await browser.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode).toBe(200);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('Google into an account without two-factor signs in at once, as before', async () => {
    const owner = new TestClient(t.app);
    const { email } = await owner.register({ email: randomEmail() });
    google.signInAs(email);
    const browser = new TestClient(t.app);
    expect(await googleSignIn(browser, { callbackURL: '/contacts' })).toBe('/contacts');
    expect((await browser.get('/api/me')).json()).toMatchObject({ email, hasGoogle: true });
    expect((await outboxMail(t, email, 'security-notice')).data).toMatchObject({ change: 'sign-in-method-added', method: 'google' });
    // A first sign-up with Google is no change to an existing account: no notice.
    google.signInAs('newcomer@example.com');
    await googleSignIn(new TestClient(t.app));
    await expect(outboxMail(t, 'newcomer@example.com', 'security-notice')).rejects.toThrow();
  });

  it('a Google identity is not linked to an account whose address was never confirmed', async () => {
    const registrant = new TestClient(t.app);
    const email = randomEmail();
    await registrant.register({ email, verified: false });
    google.signInAs(email);
    const browser = new TestClient(t.app);
    expect(await googleSignIn(browser)).toMatch(/^\/login\?error=/);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    const methods = await db().selectFrom('account').select('providerId').innerJoin('user', 'user.id', 'account.userId').where('user.email', '=', email).execute();
    expect(methods.map((method) => method.providerId)).toEqual(['credential']);
  });
});

describe('a confirmation evicts whoever registered the address', () => {
  it('the owner opening the link ends the registrant\'s session, password, authenticator app and app access', async () => {
    const email = randomEmail();
    const registrant = new TestClient(t.app);
    const { password } = await registrant.register({ email, verified: false });
    const totp = await enableTwoFactor(registrant, password);
    const key = await createKey(registrant);
    const hook = await registrant.post('/api/integrations/webhooks', { target_url: 'http://127.0.0.1:9/hook', event: 'lead.created' });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key.token) })).statusCode).toBe(200);

    const owner = new TestClient(t.app);
    const opened = await owner.get(await verificationLink(email));
    expect(opened.statusCode).toBe(302);
    // Straight to "Choose a password": no second-factor step (the registrant's factor is gone).
    expect(opened.headers.location).toBe('/choose-password?next=%2F');
    expect((await owner.get('/api/me')).json()).toMatchObject({ email, emailVerified: true, hasPassword: false, hasGoogle: false, twoFactorEnabled: false });

    expect((await registrant.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, password)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key.token) })).statusCode).toBe(401);
    const userId = (await owner.get('/api/me')).json().id as string;
    expect(await db().selectFrom('webhook_subscription').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db().selectFrom('twoFactor').select('id').where('userId', '=', userId).execute()).toEqual([]);
    void totp;

    // The owner chooses a password and signs in with it.
    expect((await owner.post('/api/account/password', { newPassword: 'the owner chose this', confirmPassword: 'the owner chose this' })).statusCode).toBe(200);
    const later = new TestClient(t.app);
    expect((await later.signIn(email, 'the owner chose this')).statusCode).toBe(200);
    expect((await later.get('/api/me')).statusCode).toBe(200);
  });

  it('an operator address registered by someone else gives them no console once its owner confirms it', async () => {
    const registrant = new TestClient(t.app);
    const { password } = await registrant.register({ email: 'root@example.com', verified: false });
    expect((await registrant.get('/api/admin/users')).statusCode).toBe(403);
    const owner = new TestClient(t.app);
    await owner.get(await verificationLink('root@example.com'));
    expect((await owner.get('/api/admin/users')).statusCode).toBe(200);
    // The registrant's session is gone, and their password no longer opens the console.
    expect((await registrant.get('/api/admin/users')).statusCode).toBe(401);
    const retry = new TestClient(t.app);
    expect((await retry.signIn('root@example.com', password)).statusCode).toBe(401);
    expect((await retry.get('/api/admin/users')).statusCode).toBe(401);
  });

  it('a password reset of an unconfirmed account confirms it and keeps only the new password', async () => {
    const email = randomEmail();
    const registrant = new TestClient(t.app);
    const { password } = await registrant.register({ email, verified: false });
    await enableTwoFactor(registrant, password);
    const key = await createKey(registrant);

    await new TestClient(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const link = (await outboxMail(t, email, 'password-reset')).data.linkPath as string;
    const token = new URL(link, 'http://localhost').pathname.split('/').pop()!;
    const owner = new TestClient(t.app);
    expect((await owner.post('/api/auth/reset-password', { token, newPassword: 'owner resets it' })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key.token) })).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, password)).statusCode).toBe(401);
    const signedIn = new TestClient(t.app);
    // No second-factor step: the registrant's authenticator app went with the reset.
    const result = await signedIn.signIn(email, 'owner resets it');
    expect(result.json()).not.toMatchObject({ twoFactorRedirect: true });
    expect((await signedIn.get('/api/me')).json()).toMatchObject({ emailVerified: true, twoFactorEnabled: false });
  });

  it('an email-change link works only in a signed-in session of that account, and ends the other sessions', async () => {
    const laptop = new TestClient(t.app);
    const { email, password } = await laptop.register({ email: randomEmail() });
    const phone = new TestClient(t.app);
    await phone.signIn(email, password);
    const newEmail = randomEmail();
    expect((await laptop.post('/api/account/email', { newEmail, password })).statusCode).toBe(200);
    const link = (await outboxMail(t, newEmail, 'verify-email')).data.linkPath as string;

    // Opened elsewhere (whoever reads that mailbox): nothing changes, the browser is asked to sign in first.
    const elsewhere = new TestClient(t.app);
    const refused = await elsewhere.get(link);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(`/login?error=EMAIL_CHANGE_NEEDS_SIGN_IN&next=${encodeURIComponent(link)}`);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    // Opened in someone else's session: the same.
    const stranger = new TestClient(t.app);
    await stranger.register({ email: randomEmail() });
    expect((await stranger.get(link)).headers.location).toMatch(/^\/login\?error=EMAIL_CHANGE_NEEDS_SIGN_IN/);
    expect((await laptop.get('/api/me')).json().email).toBe(email);

    // In the account's own session: the address moves, and every other session ends.
    const opened = await laptop.get(link);
    expect(opened.statusCode).toBe(302);
    expect((await laptop.get('/api/me')).json().email).toBe(newEmail);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
  });
});

describe('while sign-up is not open, an unconfirmed account can only confirm', () => {
  async function closeSignUp() {
    const root = new TestClient(t.app);
    await root.register({ email: 'root@example.com' });
    expect((await root.request('PUT', '/api/admin/registration-policy', { mode: 'domains', domains: ['staff.example.org'] })).statusCode).toBe(200);
  }

  it('an outsider signed up with an address of a listed domain makes no card, key, webhook or team until confirmed', async () => {
    await closeSignUp();
    const outsider = new TestClient(t.app);
    const email = `anything-${crypto.randomBytes(3).toString('hex')}@staff.example.org`;
    await outsider.register({ email, verified: false });

    const me = await outsider.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ emailVerified: false, mustConfirmEmail: true });
    const attempts = [
      await outsider.post('/api/cards', { title: 'Mine' }),
      await outsider.get('/api/cards'),
      await outsider.post('/api/integrations/api-keys', { name: 'k', scopes: ['cards:read'] }),
      await outsider.post('/api/integrations/webhooks', { target_url: 'http://127.0.0.1:9/hook', event: 'lead.created' }),
      await outsider.post('/api/teams/members', { email: 'friend@staff.example.org', name: 'Friend', role: 'admin' }),
      await outsider.get('/api/contacts'),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(attempt.json().error.code).toBe('email-not-confirmed');
    }
    const userId = me.json().id as string;
    expect(await db().selectFrom('card').select('id').where('owner_id', '=', userId).execute()).toEqual([]);
    expect(await db().selectFrom('api_key').select('id').where('user_id', '=', userId).execute()).toEqual([]);

    // Confirmed (by whoever owns the mailbox), the account works.
    const owner = new TestClient(t.app);
    await owner.get(await verificationLink(email));
    expect((await owner.get('/api/me')).json().mustConfirmEmail).toBe(false);
    expect((await owner.post('/api/cards', { title: 'Mine' })).statusCode).toBe(201);
  });

  it('an API key made before the policy closed stops working for an unconfirmed account', async () => {
    const early = new TestClient(t.app);
    await early.register({ verified: false });
    const key = await createKey(early);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key.token) })).statusCode).toBe(200);
    await closeSignUp();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(key.token) })).statusCode).toBe(401);
  });

  it('with sign-up open, an unconfirmed account works as before', async () => {
    const client = new TestClient(t.app);
    await client.register({ verified: false });
    expect((await client.get('/api/me')).json().mustConfirmEmail).toBe(false);
    expect((await client.post('/api/cards', { title: 'Mine' })).statusCode).toBe(201);
  });
});
