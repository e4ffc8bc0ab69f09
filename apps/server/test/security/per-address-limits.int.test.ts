import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test-app';

/*
 * Per-address limits count an IPv6 client by its /64 (one host usually holds a whole /64), an IPv4 client by its
 * address, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address: every limiter of the app and
 * Better Auth's own per-address limits alike.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const randomEmail = () => `nobody-${crypto.randomBytes(5).toString('hex')}@example.com`;

/** One request per address, in order; the statuses answered. */
async function statusesFrom(addresses: string[], send: (client: TestClient, index: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (const [index, address] of addresses.entries()) statuses.push((await send(new TestClient(t!.app, address), index)).statusCode);
  return statuses;
}

describe('per-address limits bucket IPv6 clients by /64', () => {
  it('password checks: two addresses of one /64 share a budget, another /64 has its own', async () => {
    t = await createTestApp({ SIGN_IN_RATE_LIMIT_MAX: '3' });
    // A new account each time, so only the per-address budget can stop it.
    const signIn = (client: TestClient) => client.signIn(randomEmail(), 'guess guess');
    expect(await statusesFrom(['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::9'], signIn)).toEqual([401, 401, 401, 429]);
    expect(await statusesFrom(['2001:db8:1:3::1', '2001:db8:1:3::1'], signIn)).toEqual([401, 401]);
  });

  it('password checks: an IPv4-mapped address counts as its IPv4 address; IPv4 neighbours have their own budgets', async () => {
    t = await createTestApp({ SIGN_IN_RATE_LIMIT_MAX: '3' });
    const signIn = (client: TestClient) => client.signIn(randomEmail(), 'guess guess');
    expect(await statusesFrom(['::ffff:198.51.100.7', '::ffff:198.51.100.7', '198.51.100.7', '::ffff:c633:6407'], signIn)).toEqual([401, 401, 401, 429]);
    expect(await statusesFrom(['198.51.100.8'], signIn)).toEqual([401]);
  });

  it('the lead form (limitPerAddress): one /64 shares the budget, the next /64 does not', async () => {
    t = await createTestApp({ LEAD_FORM_RATE_LIMIT_MAX: '2' });
    const owner = new TestClient(t.app);
    await owner.register();
    const created = await owner.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace', leadForm: { isEnabled: true, thankYouMessage: 'Thanks' } });
    expect(created.statusCode, created.body).toBe(201);
    const cardId = created.json().card.id as string;
    const lead = (client: TestClient, index: number) =>
      client.request('POST', `/id/${cardId}/lead`, { name: `Visitor ${index}`, email: `visitor-${index}@example.com` }, { accept: 'application/json' });
    expect(await statusesFrom(['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:1:2:3:4'], lead)).toEqual([201, 201, 429]);
    expect(await statusesFrom(['2001:db8:5:7::1'], lead)).toEqual([201]);
  });

  it("Better Auth's own per-address limit (registrations) sees the same buckets", async () => {
    t = await createTestApp({ SIGN_IN_RATE_LIMIT_MAX: '2' });
    const signUp = (client: TestClient) => client.post('/api/auth/sign-up/email', { name: 'New Person', email: randomEmail(), password: 'correct horse battery' });
    expect(await statusesFrom(['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9::3'], signUp)).toEqual([200, 200, 429]);
    expect(await statusesFrom(['2001:db8:9:a::1', '::ffff:192.0.2.44', '::ffff:192.0.2.44', '192.0.2.44'], signUp)).toEqual([200, 200, 200, 429]);
  });
});
