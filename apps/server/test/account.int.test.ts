import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, outboxMail, TestClient, type TestApp } from './test-app';
import { fileUpload } from './multipart';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function signedInClient() {
  const client = new TestClient(t.app);
  const account = await client.register({ name: 'Ann' });
  return { client, ...account };
}

describe('settings: general', () => {
  it('changes the display name', async () => {
    const { client } = await signedInClient();
    const response = await client.patch('/api/account/profile', { displayName: '  Ann Smith ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().displayName).toBe('Ann Smith');
    expect((await client.get('/api/me')).json().displayName).toBe('Ann Smith');
  });

  it('changes the email only with the right password, and never to a taken one', async () => {
    const { client, password } = await signedInClient();
    const other = await new TestClient(t.app).register();

    const wrong = await client.post('/api/account/email', { newEmail: 'ann@new.example', password: 'nope nope nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'The password is incorrect.' });

    const taken = await client.post('/api/account/email', { newEmail: other.email.toUpperCase(), password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.newEmail).toBe('An account with this email already exists.');

    const invalid = await client.post('/api/account/email', { newEmail: 'not an email', password });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.newEmail).toBe('Enter a valid email address');

    const ok = await client.post('/api/account/email', { newEmail: 'Ann@New.example', password });
    expect(ok.statusCode).toBe(200);
    // The new address takes over once its owner opens the link mailed to it; the old one is told at once.
    const me = (await client.get('/api/me')).json();
    expect(me.email).not.toBe('ann@new.example');
    const notice = await outboxMail(t, me.email, 'email-change-notice');
    expect(notice.data).toMatchObject({ newEmail: 'ann@new.example' });
    const link = await outboxMail(t, 'ann@new.example', 'verify-email');
    expect(link.data).toMatchObject({ isChange: true });
    expect((await client.get(link.data.linkPath as string)).statusCode).toBe(302);
    expect((await client.get('/api/me')).json()).toMatchObject({ email: 'ann@new.example', emailVerified: true });
    expect((await new TestClient(t.app).signIn('ann@new.example', password)).statusCode).toBe(200);
  });

  it('changes the password with the old one and signs out other devices', async () => {
    const { client, email, password } = await signedInClient();
    const otherDevice = new TestClient(t.app);
    expect((await otherDevice.signIn(email, password)).statusCode).toBe(200);

    const missing = await client.post('/api/account/password', { newPassword: 'brand new secret', confirmPassword: 'brand new secret' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.currentPassword).toBe('Enter your current password.');

    const mismatch = await client.post('/api/account/password', { currentPassword: password, newPassword: 'brand new secret', confirmPassword: 'other' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmPassword).toBe('Passwords do not match');

    const ok = await client.post('/api/account/password', { currentPassword: password, newPassword: 'brand new secret', confirmPassword: 'brand new secret' });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, password)).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, 'brand new secret')).statusCode).toBe(200);
  });

  it('asks a Google-only account to sign in again before setting a password', async () => {
    const { client, userId } = await signedInClient();
    // Make the account Google-only with an old session.
    const db = t.services.database.db;
    await db.updateTable('account').set({ providerId: 'google', password: null }).where('userId', '=', userId).execute();
    await db.updateTable('session').set({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() }).where('userId', '=', userId).execute();

    const stale = await client.post('/api/account/password', { newPassword: 'a new password', confirmPassword: 'a new password' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('requires-recent-login');

    await db.updateTable('session').set({ createdAt: new Date().toISOString() }).where('userId', '=', userId).execute();
    const fresh = await client.post('/api/account/password', { newPassword: 'a new password', confirmPassword: 'a new password' });
    expect(fresh.statusCode).toBe(200);
    const me = (await client.get('/api/me')).json();
    expect(me).toMatchObject({ hasPassword: true, hasGoogle: true });
  });

  it('uploads a photo re-encoded as WebP without metadata, and rejects what is not an image', async () => {
    const { client } = await signedInClient();
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
      .toBuffer();
    const upload = fileUpload(jpeg, 'me.jpg', 'image/jpeg');
    const response = await client.request('POST', '/api/account/photo', upload.body, upload.headers);
    expect(response.statusCode).toBe(200);
    const photoUrl = response.json().photoUrl as string;
    expect(photoUrl).toMatch(/^\/files\/avatars\/[^/]+\/[A-Za-z0-9_-]+\.webp$/);

    const served = await client.get(photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);

    const fake = fileUpload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    const rejected = await client.request('POST', '/api/account/photo', fake.body, fake.headers);
    expect(rejected.statusCode).toBe(415);
    expect(rejected.json().error.message).toMatch(/not an image/);
    expect((await client.get('/api/me')).json().photoUrl).toBe(photoUrl);
  });

  it('rejects a photo above the size limit with 413', async () => {
    const { client } = await signedInClient();
    const huge = fileUpload(Buffer.alloc(11 * 1024 * 1024, 1), 'big.jpg', 'image/jpeg');
    const response = await client.request('POST', '/api/account/photo', huge.body, huge.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The upload is too large.');
  });

  it('deletes the account with its password; the session and sign-in go with it', async () => {
    const { client, email, password } = await signedInClient();
    const wrong = await client.post('/api/account/delete', { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect((await client.get('/api/me')).statusCode).toBe(200);

    const ok = await client.post('/api/account/delete', { password });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(email, password)).statusCode).toBe(401);
  });

  it("answers the SPA's session check with the user, or 200 null when signed out (where /api/me answers 401)", async () => {
    const anonymous = new TestClient(t.app);
    const signedOut = await anonymous.get('/api/session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toBeNull();
    expect((await anonymous.get('/api/me')).statusCode).toBe(401);

    const { client } = await signedInClient();
    const signedIn = await client.get('/api/session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual((await client.get('/api/me')).json());
    expect(signedIn.json().email).toBeTruthy();
  });

  it('refuses every account endpoint to an anonymous caller', async () => {
    const anonymous = new TestClient(t.app);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/account/profile'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/photo'],
      ['DELETE', '/api/account/photo'],
      ['POST', '/api/account/delete'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : url.endsWith('photo') ? undefined : { displayName: 'x', newEmail: 'a@b.co', password: 'x', newPassword: 'xxxxxxxx', confirmPassword: 'xxxxxxxx' };
      const response = await anonymous.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
