import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import type { TestClient } from './test-app';

/**
 * A local OpenID provider (oauth2-mock-server) standing in for Google. Every sign-in is the Google user last
 * set with `signInAs`, with a verified address.
 */
export async function startMockGoogle() {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  let user = { email: 'google-user@example.com', name: 'Gus Google' };
  const claims = () => ({ sub: `sub-${user.email}`, email: user.email, email_verified: true, name: user.name });
  provider.service.on('beforeTokenSigning', (token) => void Object.assign(token.payload, claims()));
  provider.service.on('beforeUserinfo', (userinfo) => void (userinfo.body = claims()));
  return {
    env: { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: provider.issuer.url! },
    signInAs(email: string, name = 'Gus Google') {
      user = { email, name };
    },
    stop: () => provider.stop(),
  };
}

/**
 * "Continue with Google" as a browser does it: our sign-in start, the provider's authorize redirect, our
 * callback. Answers where the callback redirects to.
 */
export async function googleSignIn(
  client: TestClient,
  urls: { callbackURL?: string; newUserCallbackURL?: string; errorCallbackURL?: string } = {},
): Promise<string> {
  const started = await client.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: urls.callbackURL ?? '/',
    newUserCallbackURL: urls.newUserCallbackURL ?? '/onboarding',
    errorCallbackURL: urls.errorCallbackURL ?? '/login',
  });
  expect(started.statusCode, started.body).toBe(200);
  const authorize = await fetch(started.json().url as string, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  const finished = await client.get(`${callback.pathname}${callback.search}`);
  expect(finished.statusCode, finished.body).toBe(302);
  return finished.headers.location as string;
}
