import * as oauth from 'oauth4webapi';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveryJob } from '../src/modules/integrations/integrations-module';
import { bearer, startReceiver, zapierClient, zapierEnv, zapierOAuth } from './integrations-support';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The OAuth 2.0 code flow, driven by a standard OAuth client (oauth4webapi) against the server listening on
 * 127.0.0.1; the consent decision is the SPA's call with the user's session.
 */

let t: TestApp;
let flow: Awaited<ReturnType<typeof zapierOAuth>>;

beforeEach(async () => {
  t = await createTestApp({ ...zapierEnv, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  flow = await zapierOAuth(t);
});
afterEach(async () => {
  await t?.close();
});

describe('OAuth authorization code flow', () => {
  it('issues tokens for the code with state kept; the access token opens /api/v1/me', async () => {
    const user = await flow.proUser();
    const { tokens, params, state } = await flow.connect(user.browser);
    expect(params.get('state')).toBe(state);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.refresh_token).toBeTruthy();

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens.access_token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toEqual({ id: user.userId, email: user.email, name: 'Zap User' });
    expect((await user.browser.get('/api/integrations')).json().zapier).toMatchObject({ isAvailable: true, isConnected: true });

    // Nothing in the tables is the token itself.
    const rows = await t.services.database.db.selectFrom('oauth_token').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(tokens.access_token);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token!);
  });

  it('accepts client authentication by HTTP Basic too', async () => {
    const user = await flow.proUser();
    const { tokens } = await flow.connect(user.browser, { auth: oauth.ClientSecretBasic(zapierClient.secret) });
    expect(tokens.access_token).toMatch(/^cat_/);
  });

  it('refuses a redirect URI the client did not register, without redirecting', async () => {
    const user = await flow.proUser();
    const query = { client_id: zapierClient.id, redirect_uri: 'https://attacker.example/steal', response_type: 'code', state: 'abc' };
    const info = await user.browser.get(`/api/oauth/authorize?${new URLSearchParams(query).toString()}`);
    expect(info.statusCode).toBe(400);
    expect(info.json().error.message).toMatch(/not registered/);
    const decided = await user.browser.post('/api/oauth/authorize', { ...query, isAllowed: true });
    expect(decided.statusCode).toBe(400);
    expect(decided.body).not.toContain('attacker.example');
    expect(await t.services.database.db.selectFrom('oauth_code').selectAll().execute()).toHaveLength(0);

    const unknown = await user.browser.get(`/api/oauth/authorize?${new URLSearchParams({ ...query, client_id: 'nobody' }).toString()}`);
    expect(unknown.statusCode).toBe(400);
  });

  it('redirects a denial back with error=access_denied and the same state', async () => {
    const user = await flow.proUser();
    const redirect = await flow.allow(
      user.browser,
      { client_id: zapierClient.id, redirect_uri: zapierClient.redirectUri, response_type: 'code', state: 'xyz-123' },
      false,
    );
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('xyz-123');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it('takes a code once', async () => {
    const user = await flow.proUser();
    const { params, verifier } = await flow.connect(user.browser);
    const again = await oauth.authorizationCodeGrantRequest(flow.as, flow.client, oauth.ClientSecretPost(zapierClient.secret), params, zapierClient.redirectUri, verifier, flow.insecure);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a wrong client secret and a wrong PKCE verifier', async () => {
    const user = await flow.proUser();
    const state = oauth.generateRandomState();
    const verifier = oauth.generateRandomCodeVerifier();
    const redirect = await flow.allow(user.browser, {
      client_id: zapierClient.id,
      redirect_uri: zapierClient.redirectUri,
      response_type: 'code',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const params = oauth.validateAuthResponse(flow.as, flow.client, redirect, state);
    const wrongSecret = await oauth.authorizationCodeGrantRequest(flow.as, flow.client, oauth.ClientSecretPost('wrong'), params, zapierClient.redirectUri, verifier, flow.insecure);
    // RFC 6749 §5.2: invalid_client, 400 for credentials in the body (401 with a challenge for HTTP Basic).
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { error: string }).error).toBe('invalid_client');
    const wrongBasic = await oauth.authorizationCodeGrantRequest(flow.as, flow.client, oauth.ClientSecretBasic('wrong'), params, zapierClient.redirectUri, verifier, flow.insecure);
    expect(wrongBasic.status).toBe(401);
    const noSecret = await oauth.authorizationCodeGrantRequest(flow.as, flow.client, oauth.None(), params, zapierClient.redirectUri, verifier, flow.insecure);
    expect(noSecret.status).toBeGreaterThanOrEqual(400);
    const wrongVerifier = await oauth.authorizationCodeGrantRequest(
      flow.as,
      flow.client,
      oauth.ClientSecretPost(zapierClient.secret),
      params,
      zapierClient.redirectUri,
      oauth.generateRandomCodeVerifier(),
      flow.insecure,
    );
    expect(wrongVerifier.status).toBe(400);
  });

  it('refreshes, retires the old refresh token, and answers 401 for an expired access token', async () => {
    const user = await flow.proUser();
    const { tokens } = await flow.connect(user.browser);
    const auth = oauth.ClientSecretPost(zapierClient.secret);

    await t.services.database.db.updateTable('oauth_token').set({ access_expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens.access_token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toMatch(/invalid_token/);

    const refreshed = await oauth.processRefreshTokenResponse(flow.as, flow.client, await oauth.refreshTokenGrantRequest(flow.as, flow.client, auth, tokens.refresh_token!, flow.insecure));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(refreshed.access_token) })).statusCode).toBe(200);

    const reused = await oauth.refreshTokenGrantRequest(flow.as, flow.client, auth, tokens.refresh_token!, flow.insecure);
    expect(reused.status).toBe(400);
  });

  it('answers 401 to every token of a disconnected (revoked) grant', async () => {
    const user = await flow.proUser();
    const { tokens } = await flow.connect(user.browser);
    const disconnected = await user.browser.delete('/api/integrations/zapier');
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(flow.as, flow.client, oauth.ClientSecretPost(zapierClient.secret), tokens.refresh_token!, flow.insecure);
    expect(refresh.status).toBe(400);
    expect((await user.browser.get('/api/integrations')).json().zapier.isConnected).toBe(false);
  });

  it('keeps Zapier to the plans that include it', async () => {
    const browser = new TestClient(t.app);
    await browser.register();
    const query = { client_id: zapierClient.id, redirect_uri: zapierClient.redirectUri, response_type: 'code', state: 's' };
    const decided = await browser.post('/api/oauth/authorize', { ...query, isAllowed: true });
    expect(decided.statusCode).toBe(403);

    // A plan that loses Zapier keeps the grant but may not use it (403, not 401: refreshing would not help).
    const pro = await flow.proUser();
    const { tokens } = await flow.connect(pro.browser);
    await t.services.database.db.updateTable('user').set({ plan: 'basic' }).where('id', '=', pro.userId).execute();
    const locked = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens.access_token) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('paid-feature');
  });

  it('delivers to the hooks of a Zapier connection while the plan includes Zapier, and stops on Disconnect', async () => {
    const receiver = await startReceiver();
    try {
      const user = await flow.proUser();
      const { tokens } = await flow.connect(user.browser);
      const subscribed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/hooks',
        headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
        payload: JSON.stringify({ target_url: receiver.url, event: 'contact.created' }),
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      await user.browser.post('/api/contacts', { name: 'While Pro' });
      await t.services.jobs.runDue({ kinds: [webhookDeliveryJob] });
      expect(receiver.received).toHaveLength(1);

      const db = t.services.database.db;
      await db.updateTable('user').set({ plan: 'basic' }).where('id', '=', user.userId).execute();
      await user.browser.post('/api/contacts', { name: 'After the downgrade' });
      await t.services.jobs.runDue({ kinds: [webhookDeliveryJob] });
      expect(receiver.received).toHaveLength(1);
      const statuses = (await db.selectFrom('webhook_delivery').select(['status', 'last_error']).orderBy('created_at').execute()).map((row) => row.status);
      expect(statuses).toEqual(['delivered', 'failed']);

      await db.updateTable('user').set({ plan: 'subscribed' }).where('id', '=', user.userId).execute();
      await user.browser.delete('/api/integrations/zapier');
      expect(await db.selectFrom('webhook_subscription').selectAll().execute()).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('is not opened by a session cookie', async () => {
    const user = await flow.proUser();
    expect((await user.browser.get('/api/v1/me')).statusCode).toBe(401);
  });
});
