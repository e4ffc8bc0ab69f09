import { afterEach, beforeEach, expect, it } from 'vitest';
import { googleSignIn, startMockGoogle } from './google-support';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The registration policy holds for a first Google sign-in too: the account is created through the same hook
 * as an email sign-up. A local OpenID provider (oauth2-mock-server) stands in for Google.
 */

let t: TestApp;
let google: Awaited<ReturnType<typeof startMockGoogle>>;
beforeEach(async () => {
  google = await startMockGoogle();
  t = await createTestApp({ ...google.env, ADMIN_EMAILS: 'root@example.com' });
});
afterEach(async () => {
  await t.close();
  await google.stop();
});

it('a first Google sign-in is refused outside the listed domains, allowed inside', async () => {
  const root = new TestClient(t.app);
  await root.register({ email: 'root@example.com' });
  expect((await root.request('PUT', '/api/admin/registration-policy', { mode: 'domains', domains: ['staff.example.org'] })).statusCode).toBe(200);

  const googleEmail = 'outsider@gmail.example';
  google.signInAs(googleEmail);
  const refused = await googleSignIn(new TestClient(t.app));
  expect(refused).toMatch(/^\/login\?error=/);
  expect(await t.services.database.db.selectFrom('user').select('id').where('email', '=', googleEmail).executeTakeFirst()).toBeUndefined();

  google.signInAs('member@staff.example.org');
  expect(await googleSignIn(new TestClient(t.app))).toBe('/onboarding');
});
