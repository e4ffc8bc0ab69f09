import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Card } from '@cardstack/shared/cards/schemas';
import { hashSecret } from '../src/modules/integrations/secrets';
import { webhookDeliveryJob } from '../src/modules/integrations/integrations-module';
import { setPermissions } from './teams-support';
import { bearer, createKey, startReceiver, zapierEnv } from './integrations-support';
import { buildWorld, freshLead, type Actor, type World } from './security/security-world';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The public API with personal keys: keys (scopes, revoke, hashed at rest), the authorization matrix against
 * the SPA's own answers, and webhooks delivered to a local receiver and verified with the Standard Webhooks
 * library.
 */

async function api(t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

async function lead(t: TestApp, cardId: string, name = 'Lena Lead') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/id/${cardId}/lead`,
    remoteAddress: `198.51.100.${1 + Math.floor(Math.random() * 200)}`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify({ name, email: `lead-${Math.random().toString(16).slice(2)}@example.com` }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function newCard(client: TestClient): Promise<Card> {
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Card Person' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card as Card;
}

describe('API keys', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  it('are shown once, stored hashed, listed with their last use, and stop working when revoked', async () => {
    const client = new TestClient(t.app);
    const { email } = await client.register({ name: 'Key Owner' });
    const { key, token } = await createKey(client, ['contacts:read'], 'My script');
    expect(token).toMatch(/^csk_/);

    const stored = await t.services.database.db.selectFrom('api_key').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hash).toBe(hashSecret(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    let listed = (await client.get('/api/integrations/api-keys')).json();
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.keys[0]).toMatchObject({ id: key.id, name: 'My script', scopes: ['contacts:read'], lastUsedAt: null });

    const me = await api(t, 'GET', '/api/v1/me', token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email, name: 'Key Owner' });
    listed = (await client.get('/api/integrations/api-keys')).json();
    expect(listed.keys[0].lastUsedAt).not.toBeNull();

    expect((await client.delete(`/api/integrations/api-keys/${key.id}`)).statusCode).toBe(200);
    expect((await api(t, 'GET', '/api/v1/me', token)).statusCode).toBe(401);
    expect((await api(t, 'GET', '/api/v1/me', 'csk_not-a-key')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
  });

  it('keep to their scopes', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client, ['contacts:read']);
    expect((await api(t, 'GET', '/api/v1/contacts', token)).statusCode).toBe(200);
    expect((await api(t, 'GET', '/api/v1/cards', token)).statusCode).toBe(403);
    expect((await api(t, 'POST', '/api/v1/contacts', token, { name: 'New Person' })).statusCode).toBe(403);
    expect((await api(t, 'POST', '/api/v1/hooks', token, { target_url: 'https://example.com/h', event: 'lead.created' })).statusCode).toBe(403);
    const refused = await client.post('/api/integrations/api-keys', { name: 'x', scopes: ['admin'] });
    expect(refused.statusCode).toBe(400);
  });

  it('create contacts through the same rules as the app, and list contacts newest first with a stable cursor', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client);
    expect((await api(t, 'POST', '/api/v1/contacts', token, { company: 'No name or email' })).statusCode).toBe(400);
    for (const name of ['First', 'Second', 'Third']) {
      const created = await api(t, 'POST', '/api/v1/contacts', token, { name, email: `${name.toLowerCase()}@example.com` });
      expect(created.statusCode, created.body).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = (await api(t, 'GET', '/api/v1/contacts?limit=2', token)).json();
    expect(first.contacts.map((c: { name: string }) => c.name)).toEqual(['Third', 'Second']);
    await api(t, 'POST', '/api/v1/contacts', token, { name: 'Fourth' });
    const second = (await api(t, 'GET', `/api/v1/contacts?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, token)).json();
    expect(second.contacts.map((c: { name: string }) => c.name)).toEqual(['First']);
    expect(second.next_cursor).toBeNull();
    const spa = (await client.get('/api/contacts')).json();
    expect(spa.total).toBe(4);
  });

  it('are limited per key, shared through the database', async () => {
    await t.close();
    t = await createTestApp({ API_RATE_LIMIT_MAX: '3', API_RATE_LIMIT_WINDOW_SECONDS: '60' });
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client);
    const other = (await createKey(client, ['cards:read'], 'Other')).token;
    for (let i = 0; i < 3; i += 1) expect((await api(t, 'GET', '/api/v1/me', token)).statusCode).toBe(200);
    const limited = await api(t, 'GET', '/api/v1/me', token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await api(t, 'GET', '/api/v1/me', other)).statusCode).toBe(200);
  });

  it('describes itself in an OpenAPI document and a reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/me', '/api/v1/contacts', '/api/v1/hooks', '/api/v1/hooks/{id}']));
    expect(doc.paths['/api/v1/hooks'].post.requestBody.content['application/json'].schema.properties.event.enum).toEqual([
      'lead.created',
      'contact.created',
      'card.updated',
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('GET /api/v1/contacts');
  });
});

describe('/api/v1 authorization matrix (team roles): the API answers exactly what the app answers', () => {
  let world: World;
  const tokens = {} as Record<Exclude<Actor, 'anonymous'>, string>;
  beforeAll(async () => {
    world = await buildWorld();
    // The admin reads the team's contacts; the employee's role holds nothing.
    await setPermissions(world.owner, { employee: [] });
    for (const actor of ['stranger', 'employee', 'admin', 'owner'] as const) tokens[actor] = (await createKey(world.clients[actor])).token;
  }, 120_000);
  afterAll(async () => {
    await world?.t.close();
  });

  it.each(['stranger', 'employee', 'admin', 'owner'] as const)('%s', async (actor) => {
    const t = world.t;
    const token = tokens[actor];
    const client = world.clients[actor];
    const ids = (list: { id: string }[]) => list.map((item) => item.id).sort();

    const spaContacts = (await client.get('/api/contacts?pageSize=100')).json();
    const apiContacts = (await api(t, 'GET', '/api/v1/contacts?limit=100', token)).json();
    expect(ids(apiContacts.contacts)).toEqual(ids(spaContacts.contacts));
    const spaLead = await client.get(`/api/contacts/${world.leadId}`);
    const apiLead = await api(t, 'GET', `/api/v1/contacts/${world.leadId}`, token);
    expect(apiLead.statusCode).toBe(spaLead.statusCode);

    const spaCards = (await client.get('/api/cards')).json();
    const apiCards = (await api(t, 'GET', '/api/v1/cards', token)).json();
    expect(ids(apiCards.cards)).toEqual(ids(spaCards.cards));
    const spaCard = await client.get(`/api/cards/${world.card.id}`);
    const apiCard = await api(t, 'GET', `/api/v1/cards/${world.card.id}`, token);
    expect(apiCard.statusCode).toBe(spaCard.statusCode);

    // The owner sees the team's lead; the stranger and the employee without permissions do not.
    const seesLead = apiLead.statusCode === 200;
    expect(seesLead).toBe(actor === 'owner' || actor === 'admin');
  });

  it('keeps hooks to their owner', async () => {
    const t = world.t;
    const hook = await api(t, 'POST', '/api/v1/hooks', tokens.owner, { target_url: 'https://example.com/owner-hook', event: 'lead.created' });
    // example.com resolves nowhere here: the guard refuses what it cannot resolve; a literal public address passes.
    const created =
      hook.statusCode === 201 ? hook : await api(t, 'POST', '/api/v1/hooks', tokens.owner, { target_url: 'https://93.184.215.14/owner-hook', event: 'lead.created' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const actor of ['stranger', 'employee', 'admin'] as const) {
      expect((await api(t, 'DELETE', `/api/v1/hooks/${id}`, tokens[actor])).statusCode).toBe(404);
      expect((await api(t, 'GET', `/api/v1/hooks/${id}/deliveries`, tokens[actor])).statusCode).toBe(404);
      expect((await api(t, 'GET', '/api/v1/hooks', tokens[actor])).json().hooks).toEqual([]);
    }
    expect((await api(t, 'DELETE', `/api/v1/hooks/${id}`, tokens.owner)).statusCode).toBe(204);
  });

  it('tells the team owner and the card owner of a team lead, nobody else', async () => {
    const t = world.t;
    const receiver = await startReceiver();
    try {
      // The private receiver is refused here (no WEBHOOKS_ALLOW_PRIVATE_TARGETS): the hooks are written directly.
      const db = t.services.database.db;
      for (const actor of ['owner', 'stranger', 'admin'] as const) {
        const userId = world[actor].userId;
        await db
          .insertInto('webhook_subscription')
          .values({ id: `hook-${actor}`, user_id: userId, event: 'lead.created', target_url: receiver.url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', api_key_id: null, grant_id: null, created_at: new Date().toISOString() })
          .execute();
      }
      await freshLead(world);
      const deliveries = await db.selectFrom('webhook_delivery').select(['subscription_id']).execute();
      expect(deliveries.map((row) => row.subscription_id).sort()).toEqual(['hook-owner']);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', ...zapierEnv });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver?.close();
    await t?.close();
  });

  async function owner() {
    const client = new TestClient(t.app);
    const account = await client.register({ name: 'Hook Owner' });
    const { token } = await createKey(client);
    return { client, token, ...account };
  }

  async function deliver() {
    return t.services.jobs.runDue({ kinds: [webhookDeliveryJob] });
  }

  it('delivers a new lead signed per Standard Webhooks (verified with the library)', async () => {
    const { client, token } = await owner();
    const card = await newCard(client);
    const subscribed = await api(t, 'POST', '/api/v1/hooks', token, { target_url: receiver.url, event: 'lead.created' });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { id, secret } = subscribed.json();
    expect(secret).toMatch(/^whsec_/);
    expect((await api(t, 'GET', '/api/v1/hooks', token)).json().hooks).toEqual([expect.objectContaining({ id, event: 'lead.created', target_url: receiver.url })]);

    await lead(t, card.id, 'Webhook Lead');
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as { type: string; data: { name: string; id: string } };
    expect(verified.type).toBe('lead.created');
    expect(verified.data.name).toBe('Webhook Lead');
    expect(() => new Webhook(`whsec_${Buffer.from('another secret here').toString('base64')}`).verify(got!.body, got!.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(secret).verify(got!.body.replace('Webhook Lead', 'Forged Lead'), got!.headers as Record<string, string>)).toThrow();

    // The lead the hook announced is the newest in the list (Zapier's performList).
    const newest = (await api(t, 'GET', '/api/v1/contacts?kind=lead&limit=1', token)).json();
    expect(newest.contacts[0].id).toBe(verified.data.id);
    const deliveries = (await api(t, 'GET', `/api/v1/hooks/${id}/deliveries`, token)).json().deliveries;
    expect(deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, last_status_code: 200 })]);
  });

  it('retries a target answering 500 and records the attempts', async () => {
    const { client, token } = await owner();
    const card = await newCard(client);
    const { id } = (await api(t, 'POST', '/api/v1/hooks', token, { target_url: receiver.url, event: 'lead.created' })).json();
    receiver.answer([500, 200]);
    await lead(t, card.id);
    await deliver();
    let deliveries = (await api(t, 'GET', `/api/v1/hooks/${id}/deliveries`, token)).json().deliveries;
    expect(deliveries[0]).toMatchObject({ status: 'retrying', attempts: 1, last_status_code: 500 });
    // The engine schedules the retry later (backoff); the operator's "retry now" makes it due.
    const failed = (await t.services.jobs.admin.list({ status: 'failed' })).filter((job) => job.kind === webhookDeliveryJob);
    expect(failed).toHaveLength(1);
    expect(await t.services.jobs.admin.retry(failed[0]!.id)).toBe(true);
    await deliver();
    deliveries = (await api(t, 'GET', `/api/v1/hooks/${id}/deliveries`, token)).json().deliveries;
    expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
  });

  it('drops a subscription whose target answers 410', async () => {
    const { client, token } = await owner();
    const card = await newCard(client);
    await api(t, 'POST', '/api/v1/hooks', token, { target_url: receiver.url, event: 'lead.created' });
    receiver.answer([410]);
    await lead(t, card.id);
    await deliver();
    expect((await api(t, 'GET', '/api/v1/hooks', token)).json().hooks).toEqual([]);
    await lead(t, card.id);
    expect(await deliver()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends contact.created for contacts added through the API and the app, card.updated for card saves', async () => {
    const { client, token } = await owner();
    const contactHook = (await api(t, 'POST', '/api/v1/hooks', token, { target_url: receiver.url, event: 'contact.created' })).json();
    const cardHook = (await client.post('/api/integrations/webhooks', { target_url: `${receiver.url}?cards`, event: 'card.updated' })).json();
    await api(t, 'POST', '/api/v1/contacts', token, { name: 'From API' });
    await client.post('/api/contacts', { name: 'From App' });
    const card = await newCard(client);
    await client.patch(`/api/cards/${card.id}`, { title: 'Renamed' });
    await deliver();
    const events = receiver.received.map((got) => JSON.parse(got.body) as { type: string; data: { name?: string; title?: string } });
    expect(events.filter((event) => event.type === 'contact.created').map((event) => event.data.name).sort()).toEqual(['From API', 'From App']);
    expect(events.filter((event) => event.type === 'card.updated').map((event) => event.data.title)).toContain('Renamed');
    const signedWithCardSecret = receiver.received.filter((got) => (JSON.parse(got.body) as { type: string }).type === 'card.updated');
    for (const got of signedWithCardSecret) expect(() => new Webhook(cardHook.secret).verify(got.body, got.headers as Record<string, string>)).not.toThrow();
    expect(contactHook.id).toBeTruthy();
  });

  it('stops delivering when the key that made the hook is revoked', async () => {
    const { client, token } = await owner();
    const card = await newCard(client);
    await api(t, 'POST', '/api/v1/hooks', token, { target_url: receiver.url, event: 'lead.created' });
    const keyId = (await client.get('/api/integrations/api-keys')).json().keys[0].id as string;
    await client.delete(`/api/integrations/api-keys/${keyId}`);
    await lead(t, card.id);
    expect(await deliver()).toBe(0);
  });
});

describe('webhook targets (SSRF guard)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://100.64.0.1/hook',
    'https://user:pass@93.184.215.14/hook',
    'ftp://93.184.215.14/hook',
  ])('refuses %s', async (target) => {
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client);
    const response = await api(t, 'POST', '/api/v1/hooks', token, { target_url: target, event: 'lead.created' });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('refuses a private target again at delivery time', async () => {
    const receiver = await startReceiver();
    try {
      const client = new TestClient(t.app);
      const { userId } = await client.register();
      const card = await newCard(client);
      // Written directly, as if an address once public now resolved to a private one.
      await t.services.database.db
        .insertInto('webhook_subscription')
        .values({ id: 'hook-private', user_id: userId, event: 'lead.created', target_url: receiver.url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', api_key_id: null, grant_id: null, created_at: new Date().toISOString() })
        .execute();
      await lead(t, card.id);
      await t.services.jobs.runDue({ kinds: [webhookDeliveryJob] });
      expect(receiver.received).toHaveLength(0);
      const row = await t.services.database.db.selectFrom('webhook_delivery').selectAll().executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.last_error).toMatch(/private or local/);
    } finally {
      await receiver.close();
    }
  });
});
