import { OAuth2Server } from 'oauth2-mock-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The registration policy holds for a first Google sign-in too: the account is created through the same hook
 * as an email sign-up. A local OpenID provider (oauth2-mock-server) stands in for Google.
 */

let t: TestApp;
let oidc: OAuth2Server;
let googleEmail = '';
beforeEach(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const claims = () => ({ sub: `sub-${googleEmail}`, email: googleEmail, email_verified: true, name: 'Gus Google' });
  oidc.service.on('beforeTokenSigning', (token) => void Object.assign(token.payload, claims()));
  oidc.service.on('beforeUserinfo', (userinfo) => void (userinfo.body = claims()));
  t = await createTestApp({ GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: oidc.issuer.url!, ADMIN_EMAILS: 'root@example.com' });
});
afterEach(async () => {
  await t.close();
  await oidc.stop();
});

/** Signs in with "Google": our sign-in start, the provider's authorize redirect, our callback. Answers the callback's redirect. */
async function googleSignIn(client: TestClient): Promise<string> {
  const started = await client.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login' });
  expect(started.statusCode, started.body).toBe(200);
  const authorize = await fetch(started.json().url as string, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  const finished = await client.get(`${callback.pathname}${callback.search}`);
  expect(finished.statusCode, finished.body).toBe(302);
  return finished.headers.location as string;
}

it('a first Google sign-in is refused outside the listed domains, allowed inside', async () => {
  const root = new TestClient(t.app);
  await root.register({ email: 'root@example.com' });
  expect((await root.request('PUT', '/api/admin/registration-policy', { mode: 'domains', domains: ['staff.example.org'] })).statusCode).toBe(200);

  googleEmail = 'outsider@gmail.example';
  const refused = await googleSignIn(new TestClient(t.app));
  expect(refused).toMatch(/^\/login\?error=/);
  expect(await t.services.database.db.selectFrom('user').select('id').where('email', '=', googleEmail).executeTakeFirst()).toBeUndefined();

  googleEmail = 'member@staff.example.org';
  expect(await googleSignIn(new TestClient(t.app))).toBe('/onboarding');
});
