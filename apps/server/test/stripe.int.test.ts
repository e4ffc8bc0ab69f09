import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { stripeApiVersion } from '../src/modules/billing/stripe-provider';
import { startFakeStripe, type FakeStripeServer, type FakeSubscriptionInput } from './fake-stripe';
import { createTestApp, testOrigin, TestClient, type TestApp } from './test-app';

const webhookSecret = 'whsec_test_0123456789abcdef';
const prices = {
  STRIPE_PRICE_PRO_MONTH: 'price_pro_month',
  STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
  STRIPE_PRICE_TEAM_10_MONTH: 'price_team_10_month',
  STRIPE_PRICE_TEAM_25_MONTH: 'price_team_25_month',
  STRIPE_PRICE_TEAM_50_MONTH: 'price_team_50_month',
  STRIPE_PRICE_TEAM_100_MONTH: 'price_team_100_month',
  STRIPE_PRICE_TEAM_250_MONTH: 'price_team_250_month',
  STRIPE_PRICE_TEAM_10_YEAR: 'price_team_10_year',
  STRIPE_PRICE_TEAM_25_YEAR: 'price_team_25_year',
  STRIPE_PRICE_TEAM_50_YEAR: 'price_team_50_year',
  STRIPE_PRICE_TEAM_100_YEAR: 'price_team_100_year',
  STRIPE_PRICE_TEAM_250_YEAR: 'price_team_250_year',
};

let stripe: FakeStripeServer;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(async () => {
  stripe.requests.length = 0;
  stripe.subscriptions.clear();
  stripe.state.portalUrl = 'https://billing.stripe.test/p/session/test_portal';
  stripe.state.refuseCancel.clear();
  t = await createTestApp({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake0123456789',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    ...prices,
  });
});
afterEach(async () => {
  await t.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const day = 86_400;
let eventSequence = 0;

function stripeEvent(type: string, object: unknown, created = nowSeconds()) {
  return {
    id: `evt_${++eventSequence}_${Math.random().toString(36).slice(2, 8)}`,
    object: 'event',
    api_version: stripeApiVersion,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

function deliverRaw(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

async function deliver(event: ReturnType<typeof stripeEvent>) {
  const payload = JSON.stringify(event, null, 2);
  const response = await deliverRaw(payload, sign(payload));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { received: true; result: 'processed' | 'duplicate' | 'ignored' };
}

/** A signed-in user whose Stripe customer exists (made by starting a checkout, as in the product). */
async function customerWithCheckout(body: unknown = { plan: 'subscribed', period: 'month' }) {
  const client = new TestClient(t.app);
  const account = await client.register({ name: 'Stripe Customer' });
  const response = await client.post('/api/billing/checkout', body);
  expect(response.statusCode, response.body).toBe(200);
  const customer = await t.services.database.db
    .selectFrom('billing_customer')
    .select('customer_id')
    .where('user_id', '=', account.userId)
    .executeTakeFirstOrThrow();
  return { client, ...account, customerId: customer.customer_id };
}

function subscriptionFor(customerId: string, userId: string, overrides: Partial<FakeSubscriptionInput> = {}) {
  const created = nowSeconds();
  return stripe.putSubscription({
    id: 'sub_1',
    customer: customerId,
    status: 'trialing',
    priceId: 'price_pro_month',
    unitAmount: 499,
    created,
    currentPeriodEnd: created + 7 * day,
    trialEnd: created + 7 * day,
    metadata: { user_id: userId },
    ...overrides,
  });
}

const billing = async (client: TestClient) => (await client.get('/api/billing')).json();

describe('Stripe: checkout, portal and cancel at period end', () => {
  it('creates one customer per user and a subscription Checkout Session with price, quantity, trial and return URLs', async () => {
    const client = new TestClient(t.app);
    const { userId, email } = await client.register({ name: 'Grace Hopper' });
    const response = await client.post('/api/billing/checkout', { plan: 'team', period: 'year', size: 25 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);

    const [customer] = stripe.calls('POST', '/v1/customers');
    expect(customer!.body).toEqual({ email, name: 'Grace Hopper', 'metadata[user_id]': userId });
    expect(customer!.idempotencyKey).toBe(`customer-${userId}`);
    expect(customer!.authorization).toBe('Bearer sk_test_fake0123456789');
    expect(customer!.stripeVersion).toBe(stripeApiVersion);

    const { customer_id: customerId } = await t.services.database.db
      .selectFrom('billing_customer')
      .select('customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const [session] = stripe.calls('POST', '/v1/checkout/sessions');
    expect(session!.body).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_team_25_year',
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][user_id]': userId,
      customer: customerId,
      client_reference_id: userId,
      success_url: `${testOrigin}/subscription?checkout=success`,
      cancel_url: `${testOrigin}/subscription?checkout=canceled`,
    });
    expect(session!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(session!.stripeVersion).toBe(stripeApiVersion);

    // The second checkout reuses the stored customer: no second customer, no second trial source.
    expect((await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' })).statusCode).toBe(200);
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    const second = stripe.calls('POST', '/v1/checkout/sessions')[1]!;
    expect(second.body.customer).toBe(session!.body.customer);
    expect(second.body['line_items[0][price]']).toBe('price_pro_month');
    expect(second.body['subscription_data[trial_period_days]']).toBe('7');
    expect(second.idempotencyKey).not.toBe(session!.idempotencyKey);
    const stored = await t.services.database.db.selectFrom('billing_customer').selectAll().where('user_id', '=', userId).execute();
    expect(stored).toEqual([expect.objectContaining({ provider: 'stripe', customer_id: session!.body.customer })]);
  });

  it('a returning subscriber gets no second trial, and the checkout names the subscription it replaces', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId, { status: 'active', trialEnd: null });
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1')));
    const response = await client.post('/api/billing/checkout', { plan: 'team', period: 'month', size: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const session = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.body['subscription_data[trial_period_days]']).toBeUndefined();
    expect(session.body['subscription_data[metadata][replaces_subscription]']).toBe('sub_1');
  });

  it('opens the customer portal, and says "No url returned" when Stripe gives no link', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    expect((await client.post('/api/billing/portal')).json().error.message).toBe('You have no paid plan yet. Choose a plan first.');
    subscriptionFor(customerId, userId);
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1')));

    const portal = await client.post('/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/session/test_portal' });
    expect(stripe.calls('POST', '/v1/billing_portal/sessions')[0]!.body).toEqual({
      customer: customerId,
      return_url: `${testOrigin}/settings/pricing-plans`,
    });

    stripe.state.portalUrl = null;
    const noUrl = await client.post('/api/billing/portal');
    expect(noUrl.statusCode).toBe(502);
    expect(noUrl.json().error).toEqual({ code: 'no-portal-url', message: 'No url returned' });
  });

  it('cancels at period end through subscriptions.update; the plan stays until then', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId);
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1')));

    const cancelled = await client.post('/api/billing/cancel-at-period-end');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'subscribed', subscription: { cancelAtPeriodEnd: true } });
    const [update] = stripe.calls('POST', '/v1/subscriptions/sub_1');
    expect(update!.body).toEqual({ cancel_at_period_end: 'true' });
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_1')).toEqual([]);

    // Stripe's own report of the change agrees with it.
    expect(await deliver(stripeEvent('customer.subscription.updated', stripe.subscriptions.get('sub_1')))).toMatchObject({ result: 'processed' });
    expect((await billing(client)).subscription.cancelAtPeriodEnd).toBe(true);
    expect((await client.get('/api/me')).json().plan).toBe('subscribed');
  });
});

describe('Stripe webhooks', () => {
  it('a valid event records the subscription as Stripe holds it and the plan follows', async () => {
    const { client, userId, customerId } = await customerWithCheckout({ plan: 'team', period: 'year', size: 25 });
    const created = nowSeconds() - 60;
    subscriptionFor(customerId, userId, {
      status: 'trialing',
      priceId: 'price_team_25_year',
      unitAmount: 19990,
      interval: 'year',
      created,
      currentPeriodEnd: created + 14 * day,
      trialEnd: created + 14 * day,
      metadata: { user_id: userId, card_limitation: '30' },
    });
    const session = { id: 'cs_test_done', object: 'checkout.session', mode: 'subscription', client_reference_id: userId, customer: customerId, subscription: 'sub_1' };
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toEqual({ received: true, result: 'processed' });

    expect((await client.get('/api/me')).json().plan).toBe('team');
    const status = await billing(client);
    expect(status).toMatchObject({ plan: 'team', provider: 'stripe', isTrialAvailable: false });
    expect(status.subscription).toEqual({
      plan: 'team',
      period: 'year',
      size: 25,
      status: 'trialing',
      quantity: 1,
      unitAmount: 19990,
      currency: 'EUR',
      displayedPrice: 199.9,
      createdAt: new Date(created * 1000).toISOString(),
      // Read from the subscription item (API 2025-03-31 onwards).
      currentPeriodEnd: new Date((created + 14 * day) * 1000).toISOString(),
      trialEnd: new Date((created + 14 * day) * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    const row = await t.services.database.db.selectFrom('billing_subscription').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'stripe', provider_subscription_id: 'sub_1', customer_id: customerId, price_id: 'price_team_25_year', card_limitation: 30 });
    // The metadata override sets the card allowance.
    expect((await client.get('/api/billing/card-access')).json()).toMatchObject({ maxActiveCards: 30, isOverridden: true });
  });

  it('keeps the currency Stripe reports: a yen subscription shows in yen, which have no minor unit', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId, { status: 'active', trialEnd: null, unitAmount: 980, currency: 'jpy' });
    const session = { id: 'cs_test_yen', object: 'checkout.session', mode: 'subscription', client_reference_id: userId, customer: customerId, subscription: 'sub_1' };
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toEqual({ received: true, result: 'processed' });
    expect((await billing(client)).subscription).toMatchObject({ unitAmount: 980, currency: 'JPY', displayedPrice: 980 });
  });

  it('refuses a tampered body, a wrong secret, a stale timestamp and a missing signature, and records nothing', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId);
    const event = stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1'));
    const payload = JSON.stringify(event);

    const tampered = await deliverRaw(payload.replace('"trialing"', '"active"'), sign(payload));
    const wrongSecret = await deliverRaw(payload, sign(payload, { secret: 'whsec_someone_else' }));
    const stale = await deliverRaw(payload, sign(payload, { timestamp: nowSeconds() - 10 * 60 }));
    const unsigned = await deliverRaw(payload, undefined);
    const garbage = await deliverRaw(payload, 't=abc,v1=def');
    for (const response of [tampered, wrongSecret, stale, unsigned, garbage]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'invalid-signature', message: 'The webhook signature does not verify.' });
    }
    const db = t.services.database.db;
    expect(await db.selectFrom('billing_webhook_event').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('billing_subscription').selectAll().execute()).toEqual([]);
    expect(stripe.calls('GET', '/v1/subscriptions/sub_1')).toEqual([]);
    expect((await client.get('/api/me')).json().plan).toBe('basic');

    // The same bytes, correctly signed, go through: the raw body reached the check unchanged.
    expect((await deliverRaw(payload, sign(payload))).json()).toEqual({ received: true, result: 'processed' });
  });

  it('ignores a duplicate delivery of the same event', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId);
    const event = stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1'));
    expect(await deliver(event)).toMatchObject({ result: 'processed' });
    expect(await deliver(event)).toMatchObject({ result: 'duplicate' });
    expect(stripe.calls('GET', '/v1/subscriptions/sub_1')).toHaveLength(1);
    const rows = await t.services.database.db.selectFrom('billing_webhook_event').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ provider: 'stripe', event_id: event.id, type: 'customer.subscription.created' })]);
    expect((await client.get('/api/me')).json().plan).toBe('subscribed');
  });

  it('resolves out-of-order events by the subscription\'s current state at Stripe', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    const subscription = subscriptionFor(customerId, userId, { status: 'trialing' });
    const createdEvent = stripeEvent('customer.subscription.created', structuredClone(subscription), nowSeconds() - 120);
    // Stripe has since turned the trial into a paid period.
    subscription.status = 'active';
    const updatedEvent = stripeEvent('customer.subscription.updated', structuredClone(subscription), nowSeconds() - 60);

    // The newer event arrives first, the older one after it.
    await deliver(updatedEvent);
    expect((await billing(client)).subscription.status).toBe('active');
    expect(await deliver(createdEvent)).toMatchObject({ result: 'processed' });
    expect((await billing(client)).subscription.status).toBe('active');

    // The subscription ends; a late "updated" that still says active does not bring the plan back.
    Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds() });
    await deliver(stripeEvent('customer.subscription.deleted', structuredClone(subscription)));
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    await deliver(stripeEvent('customer.subscription.updated', { ...structuredClone(subscription), status: 'active', ended_at: null }, nowSeconds() - 30));
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    expect(await billing(client)).toMatchObject({ plan: 'basic', subscription: null });
    const row = await t.services.database.db.selectFrom('billing_subscription').select(['status', 'ended_at']).executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');
    expect(row.ended_at).not.toBeNull();
  });

  it('reads the subscription of invoice events; events about other things are acknowledged and left alone', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId, { status: 'past_due', trialEnd: null });
    const invoice = { id: 'in_1', object: 'invoice', customer: customerId, parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } } };
    expect(await deliver(stripeEvent('invoice.payment_failed', invoice))).toMatchObject({ result: 'processed' });
    // past_due keeps the plan while Stripe retries the payment.
    expect(await billing(client)).toMatchObject({ plan: 'subscribed', subscription: { status: 'past_due' } });
    expect(await deliver(stripeEvent('customer.created', { id: customerId, object: 'customer' }))).toMatchObject({ result: 'ignored' });
  });

  it('ignores a price no variable names (and logs it), and a subscription of a customer it does not know', async () => {
    const { client, userId, customerId } = await customerWithCheckout();
    subscriptionFor(customerId, userId, { priceId: 'price_somebody_elses' });
    expect(await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1')))).toMatchObject({ result: 'ignored' });
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    const errors = await t.services.database.db.selectFrom('error_log').select('message').execute();
    expect(errors.map((error) => error.message)).toContain('Stripe subscription with a price id that no STRIPE_PRICE_* variable names');

    stripe.putSubscription({ id: 'sub_outside', customer: 'cus_made_in_dashboard', priceId: 'price_pro_month', unitAmount: 499, created: nowSeconds(), currentPeriodEnd: nowSeconds() + 30 * day });
    expect(await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_outside')))).toMatchObject({ result: 'ignored' });
    // Not bought through this app: left running.
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_outside')).toEqual([]);
  });

  it('a new subscription that replaces one in force (a size change) ends the old one at Stripe', async () => {
    const { client, userId, customerId } = await customerWithCheckout({ plan: 'team', period: 'month', size: 10 });
    subscriptionFor(customerId, userId, { id: 'sub_old', status: 'active', priceId: 'price_team_10_month', unitAmount: 999, trialEnd: null });
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_old')));
    expect(await billing(client)).toMatchObject({ plan: 'team', subscription: { size: 10 } });

    subscriptionFor(customerId, userId, {
      id: 'sub_new',
      status: 'active',
      priceId: 'price_team_50_month',
      unitAmount: 3999,
      trialEnd: null,
      metadata: { user_id: userId, replaces_subscription: 'sub_old' },
    });
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_new')));
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_old')).toHaveLength(1);
    expect(await billing(client)).toMatchObject({ plan: 'team', subscription: { size: 50, unitAmount: 3999 } });
    const rows = await t.services.database.db.selectFrom('billing_subscription').select(['provider_subscription_id', 'status']).orderBy('provider_subscription_id').execute();
    expect(rows).toEqual([
      { provider_subscription_id: 'sub_new', status: 'active' },
      { provider_subscription_id: 'sub_old', status: 'canceled' },
    ]);
  });
});

describe('Stripe: account deletion', () => {
  it('cancels the subscription at Stripe at once, then deletes the account', async () => {
    const { client, userId, customerId, password } = await customerWithCheckout();
    subscriptionFor(customerId, userId, { status: 'active', trialEnd: null });
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1')));

    const deleted = await client.post('/api/account/delete', { password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_1')).toHaveLength(1);
    expect(stripe.subscriptions.get('sub_1')!.status).toBe('canceled');
    const db = t.services.database.db;
    expect(await db.selectFrom('billing_subscription').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('billing_customer').selectAll().execute()).toEqual([]);

    // Stripe's report of the cancellation arrives after the account is gone: acknowledged, nothing to do.
    expect(await deliver(stripeEvent('customer.subscription.deleted', stripe.subscriptions.get('sub_1')))).toMatchObject({ result: 'ignored' });
  });

  it('keeps the account when Stripe refuses the cancellation, so nothing is charged without an account', async () => {
    const { client, userId, customerId, password } = await customerWithCheckout();
    subscriptionFor(customerId, userId, { status: 'active', trialEnd: null });
    await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_1')));
    stripe.state.refuseCancel.add('sub_1');

    const refused = await client.post('/api/account/delete', { password });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe(
      'Your subscription could not be cancelled right now, so your account was not deleted. Please try again in a few minutes.',
    );
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await billing(client)).plan).toBe('subscribed');
  });

  it('ends a subscription that a deleted account bought through a checkout left open', async () => {
    const { client, userId, customerId, password } = await customerWithCheckout();
    expect((await client.post('/api/account/delete', { password })).statusCode).toBe(200);
    // The checkout in another tab is completed after the deletion.
    subscriptionFor(customerId, userId, { id: 'sub_orphan', status: 'trialing' });
    expect(await deliver(stripeEvent('customer.subscription.created', stripe.subscriptions.get('sub_orphan')))).toMatchObject({ result: 'ignored' });
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_orphan')).toHaveLength(1);
  });
});
