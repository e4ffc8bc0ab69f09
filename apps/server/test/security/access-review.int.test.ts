import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../src/modules/mail/templates/index';
import { buyPro } from '../billing-support';
import { bearer, createKey, zapierEnv, zapierOAuth } from '../integrations-support';
import { createTestApp, outboxMail, testOrigin, TestClient, type TestApp } from '../test-app';

/*
 * After a password reset, what still has access: the reset ends the sessions but not the API keys, connected
 * apps and webhooks someone may have made meanwhile. The owner is mailed the list, sees it at
 * GET /api/account/access, and revokes it all but this browser in one step.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(zapierEnv);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.services.database.db;
const apiMe = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

/** A Pro account with an API key (used once), Zapier connected, a webhook, and a second signed-in device. */
async function accountWithAccess() {
  const browser = new TestClient(t.app);
  const account = await browser.register({ name: 'Rita Reset' });
  await buyPro(browser);
  const key = await createKey(browser, ['contacts:read'], 'CRM sync');
  expect((await apiMe(key.token)).statusCode).toBe(200);
  const { tokens: zapier } = await (await zapierOAuth(t)).connect(browser);
  const hook = await browser.post('/api/integrations/webhooks', { target_url: 'https://93.184.215.14/receiver', event: 'lead.created' });
  expect(hook.statusCode, hook.body).toBe(201);
  const phone = new TestClient(t.app, '203.0.113.9');
  expect((await phone.signIn(account.email, account.password)).statusCode).toBe(200);
  return { browser, phone, key, zapier, ...account };
}

async function resetPassword(email: string, newPassword: string) {
  const visitor = new TestClient(t.app);
  expect((await visitor.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(200);
  const token = String((await outboxMail(t, email, 'password-reset')).data.linkPath).match(/reset-password\/([^?]+)/)![1]!;
  return visitor.post('/api/auth/reset-password', { token, newPassword });
}

/** The "password changed" notices queued to an address (the set-up's key and connection queue their own), as rendered for sending. */
async function passwordNoticesTo(email: string) {
  const rows = await db().selectFrom('mail_outbox').select(['template', 'data']).where('to', '=', email).where('template', '=', 'security-notice').execute();
  const mails = rows.map((row) => renderMail(row.template, JSON.parse(row.data), { baseUrl: testOrigin, invitationPath: () => '' }));
  return mails.filter((mail) => mail.subject === 'Your password was changed');
}

describe('after a password reset', () => {
  it('mails "Your password was changed" listing the keys, apps and webhooks that still have access; the sessions are ended', async () => {
    const { browser, phone, email } = await accountWithAccess();
    expect((await new TestClient(t.app).post('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'a brand new one' })).statusCode).toBe(400);
    expect(await passwordNoticesTo(email)).toEqual([]);

    const reset = await resetPassword(email, 'a brand new one');
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect((await phone.get('/api/me')).statusCode).toBe(401);

    const notices = await passwordNoticesTo(email);
    expect(notices).toHaveLength(1);
    const { text } = notices[0]!;
    expect(text).toContain('reset with a “Forgot password?” link');
    expect(text).toMatch(/API keys:\n- CRM sync — created [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC, last used [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC\n/);
    expect(text).toMatch(/Connected apps:\n- Zapier — connected [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC\n/);
    expect(text).toContain('Webhooks:\n- 93.184.215.14 — lead.created\n');
    expect(text).toContain('Signed-in devices:\n- None: the reset signed out every device.');
    expect(text).toContain(`${testOrigin}/password-changed`);
  });
});

describe('GET /api/account/access and POST /api/account/access/revoke-all', () => {
  it('lists keys, apps, webhooks and devices (ids only, this one marked)', async () => {
    const { browser, key } = await accountWithAccess();
    const listed = await browser.get('/api/account/access');
    expect(listed.statusCode, listed.body).toBe(200);
    const access = listed.json();
    expect(access.apiKeys).toEqual([{ id: key.key.id, name: 'CRM sync', prefix: key.key.prefix, createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
    expect(access.apps).toEqual([{ id: expect.any(String), name: 'Zapier', connectedAt: expect.any(String) }]);
    expect(access.webhooks).toEqual([{ host: '93.184.215.14', events: ['lead.created'] }]);
    expect(access.sessions).toHaveLength(2);
    expect(access.sessions.filter((session: { isCurrent: boolean }) => session.isCurrent)).toHaveLength(1);
    expect(access.sessions[0].isCurrent).toBe(true);
    for (const { token } of await db().selectFrom('session').select('token').execute()) expect(listed.body).not.toContain(token);
  });

  it('revokes every key, grant (access and refresh tokens) and webhook and ends every other session; keeps this browser and other accounts', async () => {
    const owner = await accountWithAccess();
    const other = await accountWithAccess();

    const revoked = await owner.browser.post('/api/account/access/revoke-all');
    expect(revoked.statusCode, revoked.body).toBe(200);
    const left = revoked.json();
    expect(left).toMatchObject({ apiKeys: [], apps: [], webhooks: [] });
    expect(left.sessions).toEqual([expect.objectContaining({ isCurrent: true })]);

    expect((await owner.browser.get('/api/me')).statusCode).toBe(200);
    expect((await owner.phone.get('/api/me')).statusCode).toBe(401);
    expect((await apiMe(owner.key.token)).statusCode).toBe(401);
    expect((await apiMe(owner.zapier.access_token)).statusCode).toBe(401);
    const refresh = await (await zapierOAuth(t)).refresh(owner.zapier.refresh_token!);
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await owner.browser.get('/api/integrations/webhooks')).json().hooks).toEqual([]);
    expect((await owner.browser.get('/api/account/access')).json()).toEqual(left);

    // The other account keeps all of its own.
    expect((await other.browser.get('/api/me')).statusCode).toBe(200);
    expect((await other.phone.get('/api/me')).statusCode).toBe(200);
    expect((await apiMe(other.key.token)).statusCode).toBe(200);
    expect((await apiMe(other.zapier.access_token)).statusCode).toBe(200);
    const kept = (await other.browser.get('/api/account/access')).json();
    expect([kept.apiKeys.length, kept.apps.length, kept.webhooks.length, kept.sessions.length]).toEqual([1, 1, 1, 2]);
  });

  it('answers only a signed-in browser: an API key or an OAuth token opens neither route', async () => {
    const { key, zapier } = await accountWithAccess();
    for (const token of [key.token, zapier.access_token]) {
      const listed = await t.app.inject({ method: 'GET', url: '/api/account/access', headers: bearer(token) });
      expect(listed.statusCode).toBe(401);
      const revoked = await t.app.inject({ method: 'POST', url: '/api/account/access/revoke-all', headers: { ...bearer(token), origin: testOrigin } });
      expect(revoked.statusCode).toBe(401);
    }
    expect((await apiMe(key.token)).statusCode).toBe(200);
  });
});
