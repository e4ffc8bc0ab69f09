import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the SDK sent: its form body flattened (`line_items[0][price]`) and the headers that matter. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  authorization: string | undefined;
}

export interface FakeSubscriptionInput {
  id: string;
  customer: string;
  status?: string;
  priceId: string;
  unitAmount: number;
  /** As Stripe writes it, lower case (default `eur`). */
  currency?: string;
  interval?: 'month' | 'year';
  quantity?: number;
  /** Unix seconds. */
  created: number;
  currentPeriodEnd: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}

/**
 * A subscription in the shape of the pinned API version: since 2025-03-31 the current period lives on the
 * subscription items, not on the subscription.
 */
export function stripeSubscription(input: FakeSubscriptionInput) {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? 'active',
    created: input.created,
    start_date: input.created,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: input.cancelAtPeriodEnd ? input.currentPeriodEnd : null,
    canceled_at: null as number | null,
    ended_at: null as number | null,
    trial_start: input.trialEnd ? input.created : null,
    trial_end: input.trialEnd ?? null,
    metadata: input.metadata ?? {},
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${input.id}`,
      data: [
        {
          id: `si_${input.id}`,
          object: 'subscription_item',
          created: input.created,
          current_period_start: input.created,
          current_period_end: input.currentPeriodEnd,
          quantity: input.quantity ?? 1,
          subscription: input.id,
          metadata: {},
          price: {
            id: input.priceId,
            object: 'price',
            currency: input.currency ?? 'eur',
            unit_amount: input.unitAmount,
            recurring: { interval: input.interval ?? 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}
export type FakeSubscription = ReturnType<typeof stripeSubscription>;

/**
 * A small local stand-in for the parts of the Stripe API the app calls (customers, Checkout Sessions, the
 * billing portal, subscriptions). The SDK is pointed at it with host/port/protocol; nothing leaves the machine.
 */
export async function startFakeStripe() {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const state = {
    /** The portal's answer; null stands for a portal session without a url. */
    portalUrl: 'https://billing.stripe.test/p/session/test_portal' as string | null,
    /** Subscription ids whose cancellation Stripe refuses (an outage, say). */
    refuseCancel: new Set<string>(),
    /** The account's prices by id: amount in the currency's minor units, currency as Stripe writes it (lower case). */
    prices: new Map<string, { unitAmount: number | null; currency: string; interval?: 'month' | 'year' }>(),
  };
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_${++sequence}`;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') }).end(JSON.stringify(body));
  };
  const missing = (res: http.ServerResponse, id: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` } });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    requests.push({
      method,
      path: url.pathname,
      body,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      authorization: header('authorization'),
    });

    if (method === 'POST' && url.pathname === '/v1/customers') {
      return send(res, 200, { id: next('cus'), object: 'customer', email: body.email, name: body.name, metadata: {} });
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = next('cs_test');
      return send(res, 200, { id, object: 'checkout.session', mode: body.mode, url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return send(res, 200, { id: next('bps'), object: 'billing_portal.session', return_url: body.return_url, url: state.portalUrl });
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && priceMatch) {
      const id = decodeURIComponent(priceMatch[1]!);
      const price = state.prices.get(id);
      if (!price) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${id}'` } });
      return send(res, 200, {
        id,
        object: 'price',
        active: true,
        currency: price.currency,
        unit_amount: price.unitAmount,
        billing_scheme: price.unitAmount === null ? 'tiered' : 'per_unit',
        type: 'recurring',
        recurring: { interval: price.interval ?? (id.endsWith('year') ? 'year' : 'month'), interval_count: 1 },
        livemode: false,
      });
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      const subscription = subscriptions.get(id);
      if (!subscription) return missing(res, id);
      if (method === 'GET') return send(res, 200, subscription);
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
          subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0]!.current_period_end : null;
        }
        return send(res, 200, subscription);
      }
      if (method === 'DELETE') {
        if (state.refuseCancel.has(id)) {
          return send(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Refused by the test' } });
        }
        const now = Math.floor(Date.now() / 1000);
        Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
        return send(res, 200, subscription);
      }
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    subscriptions,
    state,
    /** The requests to one path (and method). */
    calls(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
    /** Sets the account's prices (replacing those set before). */
    putPrices(prices: Record<string, { unitAmount: number | null; currency: string }>) {
      state.prices.clear();
      for (const [id, price] of Object.entries(prices)) state.prices.set(id, price);
    },
    putSubscription(input: FakeSubscriptionInput) {
      const subscription = stripeSubscription(input);
      subscriptions.set(input.id, subscription);
      return subscription;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeStripeServer = Awaited<ReturnType<typeof startFakeStripe>>;
