import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { buyPro } from './billing-support';
import { TestClient, type TestApp } from './test-app';

/** The Zapier client every integrations test registers (the operator's three variables). */
export const zapierClient = {
  id: 'zapier-test-client',
  secret: 'zapier-test-secret-0123456789',
  redirectUri: 'https://zapier.com/dashboard/auth/oauth/return/App123CLIAPI/',
};
export const zapierEnv = {
  ZAPIER_CLIENT_ID: zapierClient.id,
  ZAPIER_CLIENT_SECRET: zapierClient.secret,
  ZAPIER_REDIRECT_URIS: `${zapierClient.redirectUri},https://example.com/other-return`,
};

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver on 127.0.0.1: records every POST and answers with the next status of `answers`
 * (the last one repeats).
 */
export async function startReceiver(answers: number[] = [200]) {
  const received: ReceivedHook[] = [];
  const queue = [...answers];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queue.length > 1 ? queue.shift()! : (queue[0] ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(next: number[]) {
      queue.splice(0, queue.length, ...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A personal API key created in Settings → Integrations. */
export async function createKey(client: TestClient, scopes: string[] = ['cards:read', 'contacts:read', 'contacts:write', 'webhooks'], name = 'Test key') {
  const response = await client.post('/api/integrations/api-keys', { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { key: { id: string; prefix: string }; token: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Zapier's side of the OAuth 2.0 code flow, driven by a standard OAuth client (oauth4webapi) against the app
 * listening on 127.0.0.1; the consent decision is the SPA's call with the user's session.
 */
export async function zapierOAuth(t: TestApp) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const as: oauth.AuthorizationServer = { issuer: base, authorization_endpoint: `${base}/oauth`, token_endpoint: `${base}/api/oauth/token` };
  const client: oauth.Client = { client_id: zapierClient.id };
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  const secretPost = oauth.ClientSecretPost(zapierClient.secret);

  /** A user on a plan that includes Zapier. */
  async function proUser(name = 'Zap User') {
    const browser = new TestClient(t.app);
    const account = await browser.register({ name });
    await buyPro(browser);
    return { browser, ...account };
  }

  /** The consent screen's "Allow": the SPA posts the query values with the decision and follows `redirectTo`. */
  async function allow(browser: TestClient, query: Record<string, string>, isAllowed = true) {
    const info = await browser.get(`/api/oauth/authorize?${new URLSearchParams(query).toString()}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().clientName).toBe('Zapier');
    const decided = await browser.post('/api/oauth/authorize', { ...query, isAllowed });
    expect(decided.statusCode, decided.body).toBe(200);
    return new URL(decided.json().redirectTo as string);
  }

  /** The whole flow with PKCE S256: consent, then the code for tokens. */
  async function connect(browser: TestClient, options: { auth?: oauth.ClientAuth; scope?: string } = {}) {
    const state = oauth.generateRandomState();
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const redirect = await allow(browser, {
      client_id: zapierClient.id,
      redirect_uri: zapierClient.redirectUri,
      response_type: 'code',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...(options.scope ? { scope: options.scope } : {}),
    });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(zapierClient.redirectUri);
    const params = oauth.validateAuthResponse(as, client, redirect, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, options.auth ?? secretPost, params, zapierClient.redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    return { tokens, params, verifier, state };
  }

  /** The code exchanged (again): the token endpoint's raw answer. */
  function redeem(params: URLSearchParams, verifier: string, auth: oauth.ClientAuth = secretPost) {
    return oauth.authorizationCodeGrantRequest(as, client, auth, params, zapierClient.redirectUri, verifier, insecure);
  }

  /** A refresh: the token endpoint's raw answer. */
  function refresh(refreshToken: string) {
    return oauth.refreshTokenGrantRequest(as, client, secretPost, refreshToken, insecure);
  }

  return { as, client, insecure, secretPost, proUser, allow, connect, redeem, refresh };
}
