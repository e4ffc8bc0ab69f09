import dns from 'node:dns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { webhookDeliveryJob } from '../../src/modules/integrations/integrations-module';
import { bearer, createKey, startReceiver, zapierEnv, zapierOAuth } from '../integrations-support';
import { createTestApp, TestClient, type TestApp } from '../test-app';

/*
 * Webhooks against the three ways they could leak: a subscription that hears more than its key or token may
 * read (each event needs the scope that reads its data), deliveries for an account the operator disabled, and
 * targets on addresses that reach the server's own networks (the SSRF guard's allow rule, at subscription and
 * again on the DNS answer at delivery).
 */

let t: TestApp;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

function subscribe(token: string, event: string, targetUrl = 'https://93.184.215.14/hook') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/hooks',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ target_url: targetUrl, event }),
  });
}

const hookRows = () => t.services.database.db.selectFrom('webhook_subscription').selectAll().execute();
const deliveries = () => t.services.database.db.selectFrom('webhook_delivery').selectAll().execute();
const deliverDue = () => t.services.jobs.runDue({ kinds: [webhookDeliveryJob] });

async function lead(cardId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/id/${cardId}/lead`,
    remoteAddress: '198.51.100.7',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify({ name: 'Lena Lead', email: `lead-${Math.random().toString(16).slice(2)}@example.com` }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function newCard(client: TestClient): Promise<Card> {
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Card Person' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card as Card;
}

describe('webhook subscriptions need the scope that reads the event', () => {
  beforeEach(async () => {
    t = await createTestApp({ ...zapierEnv });
  });

  it.each([
    [['webhooks'], 'lead.created', 'contacts:read'],
    [['webhooks'], 'contact.created', 'contacts:read'],
    [['webhooks'], 'card.updated', 'cards:read'],
    [['webhooks', 'cards:read', 'contacts:write'], 'lead.created', 'contacts:read'],
    [['webhooks', 'contacts:read'], 'card.updated', 'cards:read'],
  ])('an API key with %o may not subscribe to %s (needs %s)', async (scopes, event, missing) => {
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client, scopes);
    const refused = await subscribe(token, event);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toBe(`This key or connection may not do this (it needs the "${missing}" scope).`);
    expect(await hookRows()).toEqual([]);
  });

  it.each([
    [['webhooks', 'contacts:read'], 'lead.created'],
    [['webhooks', 'contacts:read'], 'contact.created'],
    [['webhooks', 'cards:read'], 'card.updated'],
  ])('an API key with %o may subscribe to %s', async (scopes, event) => {
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client, scopes);
    const created = await subscribe(token, event);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('holds for an OAuth connection too', async () => {
    const flow = await zapierOAuth(t);
    const user = await flow.proUser();
    const { tokens } = await flow.connect(user.browser, { scope: 'webhooks cards:read' });
    const refused = await subscribe(tokens.access_token, 'contact.created');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toMatch(/"contacts:read" scope/);
    expect(await hookRows()).toEqual([]);
    expect((await subscribe(tokens.access_token, 'card.updated')).statusCode).toBe(201);
  });
});

describe('a hook made before subscriptions checked the scope', () => {
  it('stays silent while its key may not read what the event carries', async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const receiver = await startReceiver();
    try {
      const client = new TestClient(t.app);
      const { userId } = await client.register();
      const card = await newCard(client);
      const cardsOnly = await createKey(client, ['webhooks', 'cards:read']);
      const withContacts = await createKey(client, ['webhooks', 'contacts:read']);
      // As such a subscription was stored then: by a key without contacts:read.
      const now = new Date().toISOString();
      for (const [id, key] of [['old-hook', cardsOnly], ['allowed-hook', withContacts]] as const) {
        await t.services.database.db
          .insertInto('webhook_subscription')
          .values({ id, user_id: userId, event: 'lead.created', target_url: receiver.url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', api_key_id: key.key.id, grant_id: null, created_at: now })
          .execute();
      }
      await lead(card.id);
      const queued = await deliveries();
      expect(queued.map((delivery) => delivery.subscription_id)).toEqual(['allowed-hook']);
      await deliverDue();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks of a disabled account', () => {
  const operatorEmail = 'operator@example.com';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', ADMIN_EMAILS: operatorEmail });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver?.close();
  });

  async function subscribedOwner() {
    const operator = new TestClient(t.app);
    await operator.register({ email: operatorEmail });
    const client = new TestClient(t.app);
    const { userId } = await client.register({ name: 'Hook Owner' });
    const { token } = await createKey(client);
    const card = await newCard(client);
    expect((await subscribe(token, 'lead.created', receiver.url)).statusCode).toBe(201);
    const setDisabled = async (isDisabled: boolean) =>
      expect((await operator.request('PUT', `/api/admin/users/${userId}/disabled`, { isDisabled })).statusCode).toBe(200);
    return { card, setDisabled };
  }

  it('queue nothing while it is disabled', async () => {
    const { card, setDisabled } = await subscribedOwner();
    await setDisabled(true);
    await lead(card.id);
    expect(await deliveries()).toEqual([]);
    expect(await deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(0);

    await setDisabled(false);
    await lead(card.id);
    await deliverDue();
    expect(receiver.received).toHaveLength(1);
  });

  it('do not call the target for a delivery queued before the account was disabled, and count no target failure', async () => {
    const { card, setDisabled } = await subscribedOwner();
    await lead(card.id);
    await setDisabled(true);
    await deliverDue();
    expect(receiver.received).toHaveLength(0);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', attempts: 0, last_status_code: null, last_error: 'The account is disabled.' });
    // Not a failure of the target: no retry is scheduled.
    expect((await t.services.jobs.admin.list({ status: 'failed' })).filter((job) => job.kind === webhookDeliveryJob)).toEqual([]);
  });
});

describe('webhook targets: only global unicast addresses', () => {
  const embeddingLoopback = ['[::127.0.0.1]', '[::ffff:0:7f00:1]', '[2002:7f00:1::]', '[fec0::1]'];

  beforeEach(async () => {
    t = await createTestApp();
  });

  it.each(embeddingLoopback)('refuses to subscribe http://%s/hook', async (host) => {
    const client = new TestClient(t.app);
    await client.register();
    const { token } = await createKey(client);
    const refused = await subscribe(token, 'lead.created', `http://${host}/hook`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toMatch(/private or local address/);
    expect(await hookRows()).toEqual([]);
  });

  it.each(embeddingLoopback)('refuses a host name resolving to %s at delivery', async (host) => {
    const client = new TestClient(t.app);
    const { userId } = await client.register();
    const card = await newCard(client);
    // Written directly, as if the name had resolved to a public address when it was subscribed.
    await t.services.database.db
      .insertInto('webhook_subscription')
      .values({ id: 'hook-rebound', user_id: userId, event: 'lead.created', target_url: 'http://hooks.rebound.example/hook', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', api_key_id: null, grant_id: null, created_at: new Date().toISOString() })
      .execute();
    const address = host.slice(1, -1);
    const lookup = vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address, family: 6 }] as never);
    await lead(card.id);
    await deliverDue();
    expect(lookup).toHaveBeenCalledWith('hooks.rebound.example', expect.anything());
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', attempts: 0 });
    expect(row!.last_error).toMatch(/private or local address/);
  });
});
