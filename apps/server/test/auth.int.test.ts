import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toAuthErrorCode } from '@cardstack/shared/auth/auth-errors';
import { createTestApp, TestClient, type TestApp } from './test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('accounts', () => {
  it('registers, reads the session with its claims, signs out and signs in again', async () => {
    const client = new TestClient(t.app);
    const { email, password } = await client.register({ name: 'Ada Lovelace' });

    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      displayName: 'Ada Lovelace',
      email,
      plan: 'basic',
      isOrganizationUser: false,
      hasPassword: true,
      hasGoogle: false,
    });
    expect(me.json().teamOwnerId).toBe(me.json().id);

    const session = me.cookies;
    expect(session).toEqual([]);
    expect((await client.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(401);

    const signIn = await client.signIn(email, password);
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('answers the error codes the sign-in form maps to messages', async () => {
    const client = new TestClient(t.app);
    const { email } = await client.register();
    const again = await new TestClient(t.app).post('/api/auth/sign-up/email', { name: 'X', email, password: 'another password' });
    expect(again.statusCode).toBe(422);
    expect(toAuthErrorCode({ status: again.statusCode, code: again.json().code })).toBe('email-already-in-use');

    const wrong = await new TestClient(t.app).signIn(email, 'wrong password!');
    expect(wrong.statusCode).toBe(401);
    expect(toAuthErrorCode({ status: wrong.statusCode, code: wrong.json().code })).toBe('wrong-password');

    const invalid = await new TestClient(t.app).post('/api/auth/sign-up/email', { name: 'X', email: 'not-an-email', password: 'long enough' });
    expect(invalid.statusCode).toBe(400);
    expect(toAuthErrorCode({ status: invalid.statusCode, code: invalid.json().code, message: invalid.json().message })).toBe('invalid-email');
  });

  it('rate limits sign-in attempts per address', async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT_MAX: '3' });
    try {
      const attacker = new TestClient(limited.app, '10.1.2.3');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await attacker.signIn('nobody@example.com', 'guess-guess')).statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[4]).toBe(429);
      // Another address is not affected.
      expect((await new TestClient(limited.app, '10.9.9.9').signIn('nobody@example.com', 'guess-guess')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('queues the welcome mail for a new customer and delivers it with both calls to action', async () => {
    const client = new TestClient(t.app);
    const { email } = await client.register({ name: 'Grace' });
    const queued = await t.services.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ to: email, template: 'welcome', status: 'pending' });

    expect(await t.services.jobs.runDue()).toBe(1);
    expect(t.mail.sent).toHaveLength(1);
    expect(t.mail.sent[0]!.html).toContain('http://localhost:3000/customize');
    expect(t.mail.sent[0]!.html).toContain('http://localhost:3000/subscription');
    expect(t.mail.sent[0]!.text).toContain('Hi Grace,');
  });
});

describe('health and errors', () => {
  it('answers /healthz once migrations ran', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 401 with the error shape to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue.' } });
  });

  it('answers bad input with 400 and a message per field', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const response = await client.patch('/api/account/profile', { displayName: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ displayName: 'Name is required' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const response = await client.request('PATCH', '/api/account/profile', Buffer.from('{"displayName":'), {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).not.toMatch(/at .*\.ts/);
  });

  it('logs an unexpected error to the error log and hides its internals', async () => {
    const client = new TestClient(t.app);
    await client.register();
    // Break the database under the running app: reading the session user's sign-in methods now fails.
    await t.services.database.db.schema.alterTable('account').renameTo('account_gone').execute();
    const response = await client.get('/api/me');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
    expect(response.body).not.toMatch(/account|sql|stack/i);
    const logged = await t.services.database.db.selectFrom('error_log').selectAll().execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(/account/);
    await t.services.database.db.schema.alterTable('account_gone').renameTo('account').execute();
  });
});
