import * as oauth from 'oauth4webapi';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, zapierClient, zapierEnv, zapierOAuth } from '../integrations-support';
import { createTestApp, type TestApp } from '../test-app';

/*
 * The OAuth 2.0 server against replayed credentials (RFC 6749 §4.1.2 and §10.5, the OAuth 2.0 Security BCP
 * §2.1.1 and §4.14) and PKCE methods (the redirect URIs an operator may register: `config.test.ts`). Zapier's side
 * is the standard client oauth4webapi.
 */

let t: TestApp;
let flow: Awaited<ReturnType<typeof zapierOAuth>>;

beforeEach(async () => {
  t = await createTestApp({ ...zapierEnv });
  flow = await zapierOAuth(t);
});
afterEach(async () => {
  await t?.close();
});

const me = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(accessToken) });
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('a replayed authorization code', () => {
  it('is refused and revokes the grant: the tokens issued from the code stop working', async () => {
    const user = await flow.proUser();
    const { tokens, params, verifier } = await flow.connect(user.browser);
    expect((await me(tokens.access_token)).statusCode).toBe(200);

    const replayed = await flow.redeem(params, verifier);
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toBe('invalid_grant');

    expect((await me(tokens.access_token)).statusCode).toBe(401);
    const refreshed = await flow.refresh(tokens.refresh_token!);
    expect(refreshed.status).toBe(400);
    expect(await errorOf(refreshed)).toBe('invalid_grant');
    expect((await user.browser.get('/api/integrations')).json().zapier.isConnected).toBe(false);
  });

  it('revokes the tokens refreshed from the code too', async () => {
    const user = await flow.proUser();
    const { tokens, params, verifier } = await flow.connect(user.browser);
    const refreshed = await oauth.processRefreshTokenResponse(flow.as, flow.client, await flow.refresh(tokens.refresh_token!));
    expect((await me(refreshed.access_token)).statusCode).toBe(200);

    expect((await flow.redeem(params, verifier)).status).toBe(400);
    expect((await me(refreshed.access_token)).statusCode).toBe(401);
    expect((await flow.refresh(refreshed.refresh_token!)).status).toBe(400);
  });

  it('leaves a later connection alone once the grant was revoked', async () => {
    const user = await flow.proUser();
    const first = await flow.connect(user.browser);
    expect((await flow.redeem(first.params, first.verifier)).status).toBe(400);
    const second = await flow.connect(user.browser);
    expect((await me(second.tokens.access_token)).statusCode).toBe(200);
  });
});

describe('a replayed (rotated) refresh token', () => {
  it('is refused and revokes the whole grant: its access and refresh tokens and the hooks made through it', async () => {
    const user = await flow.proUser();
    const { tokens } = await flow.connect(user.browser);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hooks',
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
      payload: JSON.stringify({ target_url: 'https://93.184.215.14/hook', event: 'lead.created' }),
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const rotated = await oauth.processRefreshTokenResponse(flow.as, flow.client, await flow.refresh(tokens.refresh_token!));
    expect((await me(rotated.access_token)).statusCode).toBe(200);

    const replayed = await flow.refresh(tokens.refresh_token!);
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toBe('invalid_grant');

    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await flow.refresh(rotated.refresh_token!)).status).toBe(400);
    const db = t.services.database.db;
    expect(await db.selectFrom('oauth_token').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('webhook_subscription').selectAll().execute()).toEqual([]);
    expect((await user.browser.get('/api/integrations')).json().zapier.isConnected).toBe(false);
  });

  it('still refreshes in turn, each new refresh token once', async () => {
    const user = await flow.proUser();
    let { tokens } = await flow.connect(user.browser);
    for (let round = 0; round < 3; round += 1) {
      tokens = await oauth.processRefreshTokenResponse(flow.as, flow.client, await flow.refresh(tokens.refresh_token!));
      expect((await me(tokens.access_token)).statusCode).toBe(200);
    }
  });
});

describe('PKCE', () => {
  const query = (method: string) => ({
    client_id: zapierClient.id,
    redirect_uri: zapierClient.redirectUri,
    response_type: 'code',
    state: 'pkce-state',
    code_challenge: oauth.generateRandomCodeVerifier(),
    // No method means "plain" (RFC 7636 §4.3).
    ...(method ? { code_challenge_method: method } : {}),
  });

  it.each(['plain', '', 's256', 'S512'])('refuses the method "%s" at the authorization endpoint, with a page and no code', async (method) => {
    const user = await flow.proUser();
    const asked = await user.browser.get(`/api/oauth/authorize?${new URLSearchParams(query(method)).toString()}`);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.message).toMatch(/S256/);
    const decided = await user.browser.post('/api/oauth/authorize', { ...query(method), isAllowed: true });
    expect(decided.statusCode).toBe(400);
    expect(decided.json().error.message).toMatch(/S256/);
    expect(await t.services.database.db.selectFrom('oauth_code').selectAll().execute()).toEqual([]);
  });
});
