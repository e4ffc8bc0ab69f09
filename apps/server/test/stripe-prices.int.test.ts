import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingPricesResponse, billingStatus } from '@cardstack/shared/billing/schemas';
import { builtInPriceList, formatPrice, yearlySaving } from '@cardstack/shared/plans/prices';
import { priceCacheMaxAgeMs, pricesRefreshJob, requestPricesIfStale } from '../src/modules/billing/billing-prices';
import { createStripePaymentProvider } from '../src/modules/billing/stripe-provider';
import { startFakeStripe, type FakeStripeServer } from './fake-stripe';
import { createTestApp, TestClient, type TestApp } from './test-app';

const tierIds = [10, 25, 50, 100, 250] as const;
const priceIds = {
  STRIPE_PRICE_PRO_MONTH: 'price_pro_month',
  STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
  ...Object.fromEntries(tierIds.flatMap((tier) => [[`STRIPE_PRICE_TEAM_${tier}_MONTH`, `price_team_${tier}_month`], [`STRIPE_PRICE_TEAM_${tier}_YEAR`, `price_team_${tier}_year`]])),
};

/** An account's prices in one currency: Pro per month and year, then each Teams size per month and year. */
function accountPrices(currency: string, pro: [number, number], team: (tier: number) => [number, number]) {
  return {
    price_pro_month: { unitAmount: pro[0], currency },
    price_pro_year: { unitAmount: pro[1], currency },
    ...Object.fromEntries(
      tierIds.flatMap((tier) => [
        [`price_team_${tier}_month`, { unitAmount: team(tier)[0], currency }],
        [`price_team_${tier}_year`, { unitAmount: team(tier)[1], currency }],
      ]),
    ),
  };
}

// Yen have no minor unit: 980 is ¥980. A year is eleven months: "1 month for free".
const yenPrices = accountPrices('jpy', [980, 10780], (tier) => [tier * 200, tier * 200 * 11]);
// Dollars in cents; Teams' year saves 15%, less than Pro's two months, so the page claims 15%.
const dollarPrices = accountPrices('usd', [599, 5990], (tier) => [tier * 150, Math.round(tier * 150 * 12 * 0.85)]);

function stripeEnv(port: number) {
  return {
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake0123456789',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
    ...priceIds,
  };
}

async function readPrices(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/billing/prices' });
  expect(response.statusCode, response.body).toBe(200);
  return billingPricesResponse.parse(response.json());
}

/** A signed-in user holding a Stripe subscription to `priceId` (the row a webhook would have written). */
async function subscriberOf(t: TestApp, priceId: string, unitAmount: number, currency: string | null) {
  const client = new TestClient(t.app);
  const { userId } = await client.register({ name: 'Price Reader' });
  const now = new Date();
  await t.services.database.db
    .insertInto('billing_subscription')
    .values({
      id: `bs_${userId}`,
      user_id: userId,
      provider: 'stripe',
      provider_subscription_id: `sub_${userId}`,
      customer_id: `cus_${userId}`,
      status: 'active',
      plan: priceId.startsWith('price_team') ? 'team' : 'subscribed',
      team_tier: priceId.startsWith('price_team') ? Number(priceId.split('_')[2]) : null,
      created: now.toISOString(),
      current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      trial_end: null,
      ended_at: null,
      price_id: priceId,
      unit_amount: unitAmount,
      currency,
      interval: priceId.endsWith('year') ? 'year' : 'month',
      quantity: 1,
      card_limitation: null,
      cancel_at_period_end: 0,
      updated_at: now.toISOString(),
    })
    .execute();
  return client;
}

describe('with BILLING_PROVIDER=stripe the prices are Stripe\'s', () => {
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
    t = await createTestApp(stripeEnv(stripe.port));
  });
  afterEach(async () => {
    await t.close();
  });

  it('before the first read the endpoint says the prices are unknown, not the built-in euros', async () => {
    expect(await readPrices(t)).toEqual({ source: 'provider', prices: null, readAt: null });
  });

  it('the job fills the cache with yen (no minor unit), the endpoint and the subscription show them', async () => {
    stripe.putPrices(yenPrices);
    expect(await t.services.jobs.runDue({ kinds: [pricesRefreshJob] })).toBe(1);
    expect(stripe.calls('GET', '/v1/prices/price_pro_month')).toHaveLength(1);
    expect(stripe.requests.filter((request) => request.path.startsWith('/v1/prices/'))).toHaveLength(12);

    const answer = await readPrices(t);
    expect(answer.source).toBe('provider');
    expect(answer.readAt).not.toBeNull();
    const prices = answer.prices!;
    expect(prices.subscribed.month).toEqual({ unitAmount: 980, currency: 'JPY' });
    expect(prices.team.year[250]).toEqual({ unitAmount: 550_000, currency: 'JPY' });
    expect(formatPrice(prices.subscribed.month)).toBe('¥980');
    expect(formatPrice(prices.team.year[250])).toBe('¥550,000');
    expect(yearlySaving(prices)).toEqual({ kind: 'months', months: 1 });

    const client = await subscriberOf(t, 'price_team_25_month', 5000, 'JPY');
    const status = billingStatus.parse((await client.get('/api/billing')).json());
    expect(status.subscription).toMatchObject({ unitAmount: 5000, currency: 'JPY', displayedPrice: 5000 });
  });

  it('dollars keep their cents, and the saving is computed from the prices', async () => {
    stripe.putPrices(dollarPrices);
    await t.services.jobs.runDue({ kinds: [pricesRefreshJob] });
    const prices = (await readPrices(t)).prices!;
    expect(formatPrice(prices.subscribed.month)).toBe('$5.99');
    expect(formatPrice(prices.team.month[10])).toBe('$15.00');
    expect(yearlySaving(prices)).toEqual({ kind: 'percent', percent: 15 });

    // A row from before the currency was kept: the currency of its price in the list.
    const client = await subscriberOf(t, 'price_pro_year', 5990, null);
    const status = billingStatus.parse((await client.get('/api/billing')).json());
    expect(status.subscription).toMatchObject({ currency: 'USD', displayedPrice: 59.9 });
  });

  it('a read is queued at start when none is kept or the kept one is a day old, not when it is fresh', async () => {
    stripe.putPrices(yenPrices);
    // Queued by the start: nothing was kept.
    expect(await t.services.jobs.runDue({ kinds: [pricesRefreshJob] })).toBe(1);
    const provider = await createStripePaymentProvider(t.services.config.stripe!);
    const startAt = (now: Date) => requestPricesIfStale({ db: t.services.database.db, provider, now: () => now }, t.services.jobs);
    await startAt(new Date());
    expect(await t.services.jobs.runDue({ kinds: [pricesRefreshJob] })).toBe(0);
    await startAt(new Date(Date.now() + priceCacheMaxAgeMs + 60_000));
    expect(await t.services.jobs.runDue({ kinds: [pricesRefreshJob] })).toBe(1);
  });

  it('a failed read keeps the prices read before; a price without a fixed amount is refused', async () => {
    stripe.putPrices(yenPrices);
    await t.services.jobs.runDue({ kinds: [pricesRefreshJob] });
    const before = await readPrices(t);

    // A tiered price has no single amount: the read fails as a whole and nothing half-read is kept.
    stripe.putPrices({ ...dollarPrices, price_pro_month: { unitAmount: null, currency: 'usd' } });
    await t.services.jobs.enqueue(t.services.database.db, pricesRefreshJob, {}, { retryLimit: 0 });
    await t.services.jobs.runDue({ kinds: [pricesRefreshJob] });
    const after = await readPrices(t);
    expect(after.prices).toEqual(before.prices);
    expect(after.prices!.subscribed.month.currency).toBe('JPY');
  });
});

describe('when Stripe cannot be reached', () => {
  it('the server starts, the read fails, and the prices are unavailable rather than wrong', async () => {
    // A port nobody listens on.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const t = await createTestApp(stripeEnv(port));
    try {
      await t.services.jobs.runDue({ kinds: [pricesRefreshJob] });
      expect(await readPrices(t)).toEqual({ source: 'provider', prices: null, readAt: null });
      const unfinished = await t.services.jobs.admin.countsByKind();
      expect(unfinished).toContainEqual(expect.objectContaining({ kind: pricesRefreshJob, status: 'failed' }));
    } finally {
      await t.close();
    }
  });
});

describe('BILLING_PROVIDER=test and none keep the built-in prices', () => {
  it.each(['test', 'none'])('%s: the built-in euros, no job', async (provider) => {
    const t = await createTestApp({ BILLING_PROVIDER: provider });
    try {
      const answer = await readPrices(t);
      expect(answer).toEqual({ source: 'built-in', prices: builtInPriceList, readAt: null });
      expect(formatPrice(answer.prices!.subscribed.month)).toBe('€4.99');
      expect(yearlySaving(answer.prices!)).toEqual({ kind: 'months', months: 2 });
      expect(await t.services.jobs.runDue({ kinds: [pricesRefreshJob] })).toBe(0);
    } finally {
      await t.close();
    }
  });
});
