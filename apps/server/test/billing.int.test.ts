import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import * as billing from '../src/modules/billing/billing-service';
import * as localCheckout from '../src/modules/billing/local-checkout';
import { createLocalPaymentProvider } from '../src/modules/billing/local-provider';
import { createTestApp, testOrigin, TestClient, type TestApp } from './test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const day = 86_400_000;

/** A signed-in user and the path of a started local checkout. */
async function startCheckout(client: TestClient, body: unknown) {
  const response = await client.post('/api/billing/checkout', body);
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(response.json().url);
  expect(url.origin).toBe(testOrigin);
  return url.pathname;
}

async function status(client: TestClient): Promise<BillingStatus> {
  const response = await client.get('/api/billing');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The billing service on the test app's database, with a clock the test sets. */
function billingAt(now: Date): billing.BillingDeps {
  const db = t.services.database.db;
  const clock = () => now;
  return {
    db,
    provider: createLocalPaymentProvider({ db, baseUrl: testOrigin, now: clock }),
    baseUrl: testOrigin,
    now: clock,
    cardAllowance: t.services.cardAllowance,
  };
}

describe('local payment provider: checkout', () => {
  it('starts on Basic with a trial available and nothing to manage', async () => {
    const client = new TestClient(t.app);
    await client.register();
    expect(await status(client)).toEqual({
      plan: 'basic',
      subscription: null,
      isTrialAvailable: true,
      provider: 'local',
      // Registered today: the newer pricing model.
      isAccountBlocked: true,
      cardCount: 0,
      cardsKeptAfterDowngrade: { basic: null, subscribed: null },
      enterpriseContactUrl: null,
    });
    const portal = await client.post('/api/billing/portal');
    expect(portal.statusCode).toBe(400);
    expect(portal.json().error.message).toBe('You have no paid plan yet. Choose a plan first.');
  });

  it('shows a test checkout that says no money moves, and completing it starts Pro with its 7-day trial', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const before = Date.now();
    const checkoutPath = await startCheckout(client, { plan: 'subscribed', period: 'month' });
    expect(checkoutPath).toMatch(/^\/billing\/local-checkout\/lcs_/);

    const page = await client.get(checkoutPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('No money moves: no card is charged and no payment details are asked for.');
    expect(page.body).toContain('<dd>Pro</dd>');
    expect(page.body).toContain('€4.99 per month');
    expect(page.body).toContain('7-day free trial: nothing is due today.');
    expect(page.body).toContain('Complete test checkout');
    expect(page.body).not.toContain('<script');

    const complete = await client.request('POST', `${checkoutPath}/complete`, Buffer.from(''), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(complete.statusCode).toBe(303);
    expect(complete.headers.location).toBe(`${testOrigin}/subscription?checkout=success`);

    expect((await client.get('/api/me')).json().plan).toBe('subscribed');
    const current = await status(client);
    expect(current).toMatchObject({ plan: 'subscribed', isTrialAvailable: false });
    expect(current.subscription).toMatchObject({
      plan: 'subscribed',
      period: 'month',
      size: null,
      status: 'trialing',
      quantity: 1,
      unitAmount: 499,
      displayedPrice: 4.99,
      cancelAtPeriodEnd: false,
    });
    const trialEnd = Date.parse(current.subscription!.trialEnd!);
    expect(trialEnd - before).toBeGreaterThanOrEqual(7 * day);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(7 * day);
    expect(current.subscription!.currentPeriodEnd).toBe(current.subscription!.trialEnd);

    // The checkout is spent: showing or completing it again changes nothing.
    expect((await client.get(checkoutPath)).body).toContain('This checkout was already completed.');
    const again = await client.request('POST', `${checkoutPath}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This test checkout was already completed.');
    const rows = await t.services.database.db.selectFrom('billing_subscription').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'local', plan: 'subscribed', price_id: 'local_pro_month', interval: 'month' });
  });

  it('cancelling the test checkout goes back and leaves the plan alone', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const checkoutPath = await startCheckout(client, { plan: 'team', period: 'year', size: 25 });
    const cancel = await client.request('POST', `${checkoutPath}/cancel`);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`${testOrigin}/subscription?checkout=canceled`);
    expect(await status(client)).toMatchObject({ plan: 'basic', subscription: null, isTrialAvailable: true });
    expect((await client.request('POST', `${checkoutPath}/complete`)).statusCode).toBe(409);
  });

  it('Teams yearly for 25 cards: 14-day trial, €199.90 a year, and it replaces Pro', async () => {
    const client = new TestClient(t.app);
    await client.register();
    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'year' })}/complete`);
    expect((await status(client)).plan).toBe('subscribed');

    const teamsPath = await startCheckout(client, { plan: 'team', period: 'year', size: 25 });
    const page = await client.get(teamsPath);
    expect(page.body).toContain('Teams, up to 25 cards');
    expect(page.body).toContain('€199.90 per year');
    // One free trial per customer: the returning subscriber pays from the first day.
    expect(page.body).toContain('No free trial: the plan starts today.');
    expect((await client.request('POST', `${teamsPath}/complete`)).statusCode).toBe(303);

    const current = await status(client);
    expect(current.plan).toBe('team');
    expect(current.subscription).toMatchObject({ plan: 'team', period: 'year', size: 25, status: 'active', unitAmount: 19990, displayedPrice: 199.9, trialEnd: null });
    expect((await client.get('/api/me')).json().plan).toBe('team');
    const rows = await t.services.database.db.selectFrom('billing_subscription').select(['plan', 'status', 'ended_at']).orderBy('created').execute();
    expect(rows.map((row) => [row.plan, row.status])).toEqual([
      ['subscribed', 'canceled'],
      ['team', 'active'],
    ]);
    expect(rows[0]!.ended_at).not.toBeNull();
  });

  it('a first Teams subscription gets the 14-day trial', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const page = await client.get(await startCheckout(client, { plan: 'team', period: 'month', size: 10 }));
    expect(page.body).toContain('14-day free trial');
    expect(page.body).toContain('€9.99 per month');
  });

  it('refuses bad choices with a message: 251+, no size, unknown plan, the plan already held', async () => {
    const client = new TestClient(t.app);
    await client.register();
    const quote = await client.post('/api/billing/checkout', { plan: 'team', period: 'month', size: '251+' });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error).toMatchObject({
      message: 'Teams with more than 250 cards need a quote: choose Get a quote.',
      fields: { size: 'Teams with more than 250 cards need a quote.' },
    });
    const noSize = await client.post('/api/billing/checkout', { plan: 'team', period: 'month' });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().error.fields.size).toBe('Choose a team size');
    const oddSize = await client.post('/api/billing/checkout', { plan: 'team', period: 'month', size: 30 });
    expect(oddSize.statusCode).toBe(400);
    const enterprise = await client.post('/api/billing/checkout', { plan: 'enterprise', period: 'month' });
    expect(enterprise.statusCode).toBe(400);
    const noPeriod = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'week' });
    expect(noPeriod.statusCode).toBe(400);
    expect(noPeriod.json().error.fields.period).toBe('Choose monthly or yearly payment');

    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
    const same = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('This is already your plan.');
    expect((await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'year' })).statusCode).toBe(200);
  });

  it('needs a signed-in owner: others see no checkout, anonymous visitors are asked to sign in', async () => {
    const owner = new TestClient(t.app);
    await owner.register();
    const checkoutPath = await startCheckout(owner, { plan: 'subscribed', period: 'month' });

    const stranger = new TestClient(t.app);
    await stranger.register();
    const seen = await stranger.get(checkoutPath);
    expect(seen.statusCode).toBe(404);
    expect(seen.body).toContain('This test checkout does not exist.');
    expect((await stranger.request('POST', `${checkoutPath}/complete`)).statusCode).toBe(404);
    expect((await status(stranger)).plan).toBe('basic');

    const anonymous = new TestClient(t.app);
    const page = await anonymous.get(checkoutPath);
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('href="/login"');
    expect((await anonymous.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' })).statusCode).toBe(401);
    expect((await anonymous.get('/api/billing')).statusCode).toBe(401);

    expect((await owner.get('/billing/local-checkout/not-a-session')).statusCode).toBe(404);
    // A form sent from another site is refused before anything happens.
    const forged = await owner.request('POST', `${checkoutPath}/complete`, undefined, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    const sameSite = await owner.request('POST', `${checkoutPath}/complete`, undefined, { origin: 'null', 'sec-fetch-site': 'same-site' });
    expect(sameSite.statusCode).toBe(403);
    const unknown = await owner.request('POST', `${checkoutPath}/complete`, undefined, { origin: 'null' });
    expect(unknown.statusCode).toBe(403);
    expect((await status(owner)).plan).toBe('basic');
    // What a browser sends from our own page under "Referrer-Policy: no-referrer": Origin null, same-origin.
    const own = await owner.request('POST', `${checkoutPath}/complete`, undefined, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(303);
    expect((await status(owner)).plan).toBe('subscribed');
  });

  it('an expired test checkout can no longer be completed', async () => {
    const client = new TestClient(t.app);
    const { userId } = await client.register();
    const checkoutPath = await startCheckout(client, { plan: 'subscribed', period: 'month' });
    const sessionId = checkoutPath.split('/').pop()!;
    const later = billingAt(new Date(Date.now() + 2 * day));
    await expect(localCheckout.completeLocalCheckout(later, userId, sessionId)).rejects.toMatchObject({ statusCode: 410 });
    expect((await localCheckout.getLocalCheckout(later, userId, sessionId)).status).toBe('expired');
  });

  it('deleting the account removes its subscriptions and checkouts', async () => {
    const client = new TestClient(t.app);
    const { userId, password } = await client.register();
    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
    await startCheckout(client, { plan: 'team', period: 'month', size: 10 });
    expect((await client.post('/api/account/delete', { password })).statusCode).toBe(200);
    const db = t.services.database.db;
    expect(await db.selectFrom('billing_subscription').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('billing_local_checkout').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});

describe('local payment provider: portal, cancel at period end and the clock', () => {
  it('opens the test payment portal, which links back only to this site', async () => {
    const client = new TestClient(t.app);
    await client.register();
    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
    const portal = await client.post('/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    const url = new URL(portal.json().url);
    const page = await client.get(url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No money moves');
    expect(page.body).toContain('free trial');
    expect(page.body).toContain(`href="${testOrigin}/settings/pricing-plans"`);
    const elsewhere = await client.get(`/billing/local-portal?return=${encodeURIComponent('https://evil.example/')}`);
    expect(elsewhere.body).not.toContain('evil.example');
    // A return address of this site that carries markup stays inside the link's href.
    const hostileReturn = `${testOrigin}/settings?x="><script>alert(1)</script>`;
    const escaped = await client.get(`/billing/local-portal?return=${encodeURIComponent(hostileReturn)}`);
    expect(escaped.body).not.toContain('<script');
    expect(escaped.body).toContain(`href="${testOrigin}/settings?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`);
  });

  it('cancelling keeps Pro until the period ends, then the plan follows to Basic', async () => {
    const client = new TestClient(t.app);
    const { userId } = await client.register();
    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);

    const cancelled = await client.post('/api/billing/cancel-at-period-end');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'subscribed', subscription: { cancelAtPeriodEnd: true, status: 'trialing' } });
    // Asking twice is harmless.
    expect((await client.post('/api/billing/cancel-at-period-end')).json().subscription.cancelAtPeriodEnd).toBe(true);
    const periodEnd = Date.parse(cancelled.json().subscription.currentPeriodEnd);

    expect(await billing.runBillingClock(billingAt(new Date(periodEnd - 1)))).toBe(0);
    expect((await client.get('/api/me')).json().plan).toBe('subscribed');

    expect(await billing.runBillingClock(billingAt(new Date(periodEnd)))).toBe(1);
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    const ended = await billing.getBillingStatus(billingAt(new Date(periodEnd + day)), userId);
    expect(ended).toMatchObject({ plan: 'basic', subscription: null, isTrialAvailable: false });
    const row = await t.services.database.db.selectFrom('billing_subscription').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'canceled', ended_at: new Date(periodEnd).toISOString() });

    const nothingLeft = await client.post('/api/billing/cancel-at-period-end');
    expect(nothingLeft.statusCode).toBe(400);
  });

  it('without a cancellation the trial turns into a paid month and the plan stays', async () => {
    const client = new TestClient(t.app);
    const { userId } = await client.register();
    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
    const trialEnd = (await status(client)).subscription!.trialEnd!;
    const afterTrial = await billing.getBillingStatus(billingAt(new Date(Date.parse(trialEnd) + 1000)), userId);
    expect(afterTrial.plan).toBe('subscribed');
    expect(afterTrial.subscription).toMatchObject({ status: 'active', trialEnd });
    expect(Date.parse(afterTrial.subscription!.currentPeriodEnd)).toBeGreaterThan(Date.parse(trialEnd) + 27 * day);
    expect((await client.get('/api/me')).json().plan).toBe('subscribed');
  });
});

describe('card limits, the feature gate and the test clock', () => {
  async function createCard(client: TestClient, title: string): Promise<string> {
    const response = await client.post('/api/cards', { title, name: 'Card Holder' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().card?.id ?? response.json().id;
  }

  async function cardAccess(client: TestClient) {
    const response = await client.get('/api/billing/card-access');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('an account of the newer pricing model keeps one card on Basic, two on Pro, the size bought on Teams', async () => {
    const client = new TestClient(t.app);
    await client.register();
    expect(await cardAccess(client)).toEqual({
      maxActiveCards: 1,
      isAccountBlocked: true,
      isOverridden: false,
      activeCardIds: [],
      blockedCardIds: [],
      canCreateCard: true,
    });
    const first = await createCard(client, 'First');
    expect(await cardAccess(client)).toMatchObject({ activeCardIds: [first], blockedCardIds: [], canCreateCard: false });
    // The allowance is used up: a second card is refused (card-limits.int.test.ts covers the refusal).
    expect((await client.post('/api/cards', { title: 'Second', name: 'Card Holder' })).statusCode).toBe(403);

    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 2, blockedCardIds: [], canCreateCard: true });
    const second = await createCard(client, 'Second');
    expect(await cardAccess(client)).toMatchObject({ activeCardIds: [first, second], blockedCardIds: [], canCreateCard: false });
    // What the downgrade dialog says a move to Basic keeps.
    expect((await status(client)).cardsKeptAfterDowngrade).toEqual({ basic: 1, subscribed: 2 });

    await client.request('POST', `${await startCheckout(client, { plan: 'team', period: 'month', size: 10 })}/complete`);
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 10, blockedCardIds: [], canCreateCard: true });
    expect((await client.get('/api/billing/card-access')).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/billing/card-access')).statusCode).toBe(401);
  });

  it('the test clock moves past the period end of a cancelled Pro plan: Basic follows and extra cards lock', async () => {
    const client = new TestClient(t.app);
    await client.register();
    await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
    const first = await createCard(client, 'First');
    const second = await createCard(client, 'Second');
    await client.post('/api/billing/cancel-at-period-end');

    const tooEarly = await client.post('/api/billing/test-clock', { days: 6 });
    expect(tooEarly.statusCode, tooEarly.body).toBe(200);
    expect((await client.get('/api/me')).json().plan).toBe('subscribed');
    expect(await cardAccess(client)).toMatchObject({ blockedCardIds: [] });

    await client.post('/api/billing/test-clock', { days: 2 });
    expect((await client.get('/api/me')).json().plan).toBe('basic');
    expect(await cardAccess(client)).toMatchObject({ maxActiveCards: 1, activeCardIds: [first], blockedCardIds: [second] });

    const backwards = await client.post('/api/billing/test-clock', { days: -1 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.days).toBe('Move at least one day');
    expect((await new TestClient(t.app).post('/api/billing/test-clock', { days: 1 })).statusCode).toBe(401);
  });

  it('the test clock does not exist outside tests unless BILLING_TEST_CLOCK=true', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      const client = new TestClient(production.app);
      expect((await client.post('/api/billing/test-clock', { days: 1 })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
    const explicit = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent', BILLING_TEST_CLOCK: 'true' });
    try {
      const client = new TestClient(explicit.app);
      expect((await client.post('/api/billing/test-clock', { days: 1 })).statusCode).toBe(401);
    } finally {
      await explicit.close();
    }
  });

  it('requireFeature answers 403 "This is a Paid feature" until the plan allows the feature', async () => {
    const { default: Fastify } = await import('fastify');
    const { requireFeature } = await import('../src/modules/billing/feature-gate');
    const { registerCallerHook } = await import('../src/modules/auth/caller');
    const { createTeamClaimsResolver } = await import('../src/modules/teams/team-claims');
    const { registerErrorHandler } = await import('../src/http/errors');
    const db = t.services.database.db;
    const gated = Fastify();
    registerErrorHandler(gated, db);
    registerCallerHook(gated, { loadAuth: t.services.loadAuth, resolveTeamClaims: createTeamClaimsResolver(db) });
    gated.get('/csv', { preHandler: requireFeature('csvExport') }, async () => ({ ok: true }));
    gated.get('/team', { preHandler: requireFeature('bulkImport') }, async () => ({ ok: true }));
    gated.get('/open', { preHandler: requireFeature('analytics') }, async () => ({ ok: true }));
    await gated.ready();

    const client = new TestClient(t.app);
    const { email, password } = await client.register();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: testOrigin }, payload: { email, password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const call = (url: string, headers: Record<string, string> = { cookie }) => gated.inject({ method: 'GET', url, headers });

    try {
      expect((await call('/csv', {})).statusCode).toBe(401);
      const locked = await call('/csv');
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error).toEqual({ code: 'paid-feature', message: 'This is a Paid feature. Upgrade your account to use this feature.' });
      expect((await call('/open')).statusCode).toBe(200);

      await client.request('POST', `${await startCheckout(client, { plan: 'subscribed', period: 'month' })}/complete`);
      expect((await call('/csv')).statusCode).toBe(200);
      expect((await call('/team')).statusCode).toBe(403);

      await client.request('POST', `${await startCheckout(client, { plan: 'team', period: 'month', size: 10 })}/complete`);
      expect((await call('/team')).statusCode).toBe(200);
    } finally {
      await gated.close();
    }
  });
});
