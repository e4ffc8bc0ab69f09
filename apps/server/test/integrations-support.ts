import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import type { TestClient } from './test-app';

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
 * The app (listening on 127.0.0.1) as the authorization server a standard OAuth client (oauth4webapi) talks to,
 * and Zapier connecting through it: the consent screen's decision with the user's session, then the code
 * exchanged for tokens with PKCE.
 */
export function zapierOf(app: FastifyInstance) {
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const server: oauth.AuthorizationServer = { issuer: base, authorization_endpoint: `${base}/oauth`, token_endpoint: `${base}/api/oauth/token` };
  const client: oauth.Client = { client_id: zapierClient.id };
  const secret = oauth.ClientSecretPost(zapierClient.secret);
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  return {
    /** Allow or Deny on the consent screen; answers where the browser is sent and what the code exchange needs. */
    async decide(browser: TestClient, isAllowed: boolean) {
      const state = oauth.generateRandomState();
      const verifier = oauth.generateRandomCodeVerifier();
      const decided = await browser.post('/api/oauth/authorize', {
        client_id: zapierClient.id,
        redirect_uri: zapierClient.redirectUri,
        response_type: 'code',
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        isAllowed,
      });
      expect(decided.statusCode, decided.body).toBe(200);
      return { redirect: new URL(decided.json().redirectTo as string), state, verifier };
    },
    /** "Allow", then the tokens for the code. */
    async connect(browser: TestClient) {
      const { redirect, state, verifier } = await this.decide(browser, true);
      const params = oauth.validateAuthResponse(server, client, redirect, state);
      const response = await oauth.authorizationCodeGrantRequest(server, client, secret, params, zapierClient.redirectUri, verifier, insecure);
      return oauth.processAuthorizationCodeResponse(server, client, response);
    },
    /** The token endpoint's raw answer to a refresh. */
    refresh: (refreshToken: string) => oauth.refreshTokenGrantRequest(server, client, secret, refreshToken, insecure),
    processRefresh: (response: Response) => oauth.processRefreshTokenResponse(server, client, response),
  };
}
