import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, outboxMail, testOrigin, TestClient, type TestApp } from './test-app';
import { SoftwareAuthenticator } from './webauthn-authenticator';

/*
 * Passkeys: added in Settings (after the password), a way to sign in on their own, and a second factor in place
 * of the authenticator app's code. A software authenticator built from the WebAuthn data formats answers the
 * ceremonies; the browser test uses Chromium's virtual authenticator.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function addPasskey(client: TestClient, password: string | undefined, authenticator: SoftwareAuthenticator, name = 'Work laptop') {
  const options = await client.post('/api/auth/passkey/registration-options', password === undefined ? {} : { password });
  expect(options.statusCode, options.body).toBe(200);
  const registered = await client.post('/api/auth/passkey/register', { name, response: authenticator.create(options.json()) });
  expect(registered.statusCode, registered.body).toBe(200);
  return registered.json() as { id: string; name: string };
}

async function signInWithPasskey(client: TestClient, authenticator: SoftwareAuthenticator) {
  const options = await client.post('/api/auth/passkey/sign-in-options', {});
  expect(options.statusCode, options.body).toBe(200);
  return client.post('/api/auth/passkey/sign-in', { response: authenticator.get(options.json()) });
}

describe('passkeys', () => {
  it('adds a passkey after the password, then signs in with it alone', async () => {
    const owner = new TestClient(t.app);
    const { email, password } = await owner.register();
    const authenticator = new SoftwareAuthenticator(testOrigin);
    expect((await owner.post('/api/auth/passkey/registration-options', { password: 'not the password' })).statusCode).toBe(400);
    expect((await owner.post('/api/auth/passkey/registration-options', {})).statusCode).toBe(400);
    await addPasskey(owner, password, authenticator);
    expect((await outboxMail(t, email, 'security-notice')).data).toMatchObject({ change: 'sign-in-method-added', method: 'passkey', detail: 'Work laptop' });

    const list = (await owner.get('/api/account/passkeys')).json() as { passkeys: { id: string; name: string; lastUsedAt: string | null }[] };
    expect(list.passkeys).toEqual([expect.objectContaining({ name: 'Work laptop', lastUsedAt: null })]);

    const phone = new TestClient(t.app);
    const signedIn = await signInWithPasskey(phone, authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await phone.get('/api/me')).json()).toMatchObject({ email });
    const used = (await owner.get('/api/account/passkeys')).json() as { passkeys: { lastUsedAt: string | null }[] };
    expect(used.passkeys[0]!.lastUsedAt).not.toBeNull();
  });

  // Node 24 has ML-DSA (and the server then offers it first); Node 22 has not, and offers ES256 and the others.
  const hasMlDsa = (() => {
    try {
      crypto.generateKeyPairSync('ml-dsa-44');
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!hasMlDsa)('takes a post-quantum passkey (ML-DSA-44, offered first where the runtime has it) as readily as ES256', async () => {
    const owner = new TestClient(t.app);
    const { email, password } = await owner.register();
    const options = await owner.post('/api/auth/passkey/registration-options', { password });
    const algorithms = (options.json() as { pubKeyCredParams: { alg: number }[] }).pubKeyCredParams.map((param) => param.alg);
    expect(algorithms).toEqual(expect.arrayContaining([-7, -48]));
    const authenticator = new SoftwareAuthenticator(testOrigin, undefined, 'ML-DSA-44');
    expect((await owner.post('/api/auth/passkey/register', { name: 'Quantum-safe key', response: authenticator.create(options.json()) })).statusCode).toBe(200);
    const phone = new TestClient(t.app);
    expect((await signInWithPasskey(phone, authenticator)).statusCode).toBe(200);
    expect((await phone.get('/api/me')).json()).toMatchObject({ email });
  });

  it('refuses a replayed answer, an unknown passkey, another site\'s answer and malformed answers, with 4xx', async () => {
    const owner = new TestClient(t.app);
    const { password } = await owner.register();
    const authenticator = new SoftwareAuthenticator(testOrigin);
    await addPasskey(owner, password, authenticator);

    const browser = new TestClient(t.app);
    const options = (await browser.post('/api/auth/passkey/sign-in-options', {})).json();
    const answer = authenticator.get(options);
    expect((await browser.post('/api/auth/passkey/sign-in', { response: answer })).statusCode).toBe(200);
    // The same answer again: its challenge was used up.
    const replay = new TestClient(t.app);
    await replay.post('/api/auth/passkey/sign-in-options', {});
    expect((await replay.post('/api/auth/passkey/sign-in', { response: answer })).statusCode).toBe(401);

    const stranger = new SoftwareAuthenticator(testOrigin);
    stranger.create({ challenge: 'x', rp: {}, user: { id: 'eA' } });
    expect((await signInWithPasskey(new TestClient(t.app), stranger)).statusCode).toBe(401);

    // The right passkey, but the answer was made for another site (a phishing page).
    const phished = new SoftwareAuthenticator('https://cards.example.evil', 'localhost');
    Object.assign(phished, { credentialId: authenticator.credentialId, keys: (authenticator as unknown as { keys: unknown }).keys });
    expect((await signInWithPasskey(new TestClient(t.app), phished)).statusCode).toBe(401);

    const malformed = new TestClient(t.app);
    await malformed.post('/api/auth/passkey/sign-in-options', {});
    for (const body of [{}, { response: {} }, { response: { ...answer, response: { ...answer.response, signature: '%%%' } } }, { response: answer, extra: 1 }]) {
      const refused = await malformed.post('/api/auth/passkey/sign-in', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await new TestClient(t.app).post('/api/auth/passkey/sign-in', { response: answer })).statusCode).toBe(400);
  });

  it('is a second factor: after the password, a passkey instead of the authenticator code', async () => {
    const owner = new TestClient(t.app);
    const { email, password } = await owner.register();
    const enabled = await owner.post('/api/auth/two-factor/enable', { password });
    const totp = OTPAuth.URI.parse((enabled.json() as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    await owner.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    const authenticator = new SoftwareAuthenticator(testOrigin);
    await addPasskey(owner, password, authenticator);

    const laptop = new TestClient(t.app);
    expect((await laptop.signIn(email, password)).json()).toMatchObject({ twoFactorRedirect: true });
    // Not before the password.
    expect((await new TestClient(t.app).post('/api/auth/passkey/second-factor-options', {})).statusCode).toBe(401);
    const options = await laptop.post('/api/auth/passkey/second-factor-options', {});
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: Buffer.from(authenticator.credentialId).toString('base64url') })]);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await laptop.post('/api/auth/passkey/verify-second-factor', { response: authenticator.get(options.json()) })).statusCode).toBe(200);
    expect((await laptop.get('/api/me')).json()).toMatchObject({ email });
  });

  it('another account\'s passkey does not finish someone\'s second step', async () => {
    const victim = new TestClient(t.app);
    const account = await victim.register();
    const enabled = await victim.post('/api/auth/two-factor/enable', { password: account.password });
    const totp = OTPAuth.URI.parse((enabled.json() as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    await victim.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    await addPasskey(victim, account.password, new SoftwareAuthenticator(testOrigin));

    const attacker = new TestClient(t.app);
    const attackerAccount = await attacker.register();
    const attackerKey = new SoftwareAuthenticator(testOrigin);
    await addPasskey(attacker, attackerAccount.password, attackerKey);

    // The attacker knows the victim's password but holds only their own passkey.
    const browser = new TestClient(t.app);
    await browser.signIn(account.email, account.password);
    const options = (await browser.post('/api/auth/passkey/second-factor-options', {})).json();
    expect((await browser.post('/api/auth/passkey/verify-second-factor', { response: attackerKey.get(options) })).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });

  it('is renamed and removed by its owner only; a removed passkey signs in no more', async () => {
    const owner = new TestClient(t.app);
    const { email, password } = await owner.register();
    const authenticator = new SoftwareAuthenticator(testOrigin);
    const { id } = await addPasskey(owner, password, authenticator);

    const other = new TestClient(t.app);
    await other.register();
    expect((await other.patch(`/api/account/passkeys/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await other.delete(`/api/account/passkeys/${id}`)).statusCode).toBe(404);
    expect((await owner.patch(`/api/account/passkeys/${id}`, { name: '' })).statusCode).toBe(400);
    expect((await owner.patch(`/api/account/passkeys/${id}`, { name: 'Phone' })).statusCode).toBe(200);
    expect((await owner.get('/api/account/passkeys')).json().passkeys[0].name).toBe('Phone');

    expect((await owner.delete(`/api/account/passkeys/${id}`)).statusCode).toBe(200);
    expect((await outboxMail(t, email, 'security-notice')).data).toMatchObject({ change: 'sign-in-method-removed', method: 'passkey', detail: 'Phone' });
    expect((await owner.get('/api/account/passkeys')).json().passkeys).toEqual([]);
    expect((await signInWithPasskey(new TestClient(t.app), authenticator)).statusCode).toBe(401);
  });

  it('a confirmation removes the passkeys the registrant added', async () => {
    const registrant = new TestClient(t.app);
    const { email, password } = await registrant.register({ verified: false });
    const authenticator = new SoftwareAuthenticator(testOrigin);
    await addPasskey(registrant, password, authenticator);
    const link = (await outboxMail(t, email, 'verify-email')).data.linkPath as string;
    await new TestClient(t.app).get(link);
    expect((await signInWithPasskey(new TestClient(t.app), authenticator)).statusCode).toBe(401);
  });
});
