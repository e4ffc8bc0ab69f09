import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AnyConnection } from '../../db/schema';
import { errorBody, recordError } from '../../http/errors';
import * as billing from './billing-service';
import type { BillingDeps } from './billing-service';
import * as repository from './billing-repository';
import { WebhookSignatureError, type ProviderSubscription } from './payment-provider';
import { toProviderSubscription, type StripePaymentProvider } from './stripe-provider';

const stripeWebhookPath = '/api/billing/stripe/webhook';

/** The events that can change a subscription; anything else is acknowledged and left alone. */
const subscriptionEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

type StripeEventResult = 'processed' | 'duplicate' | 'ignored';

type LooseObject = { object?: unknown; id?: unknown; subscription?: unknown; parent?: unknown };

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof (value as { id?: unknown } | null)?.id === 'string' ? (value as { id: string }).id : null;

/** The subscription an event is about, wherever that event type keeps it. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as LooseObject;
  switch (object.object) {
    case 'subscription':
      return idOf(object.id);
    case 'checkout.session':
      return idOf(object.subscription);
    case 'invoice': {
      // API 2025-03-31 onwards: invoice.parent.subscription_details.subscription; before: invoice.subscription.
      const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
      return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
    }
    default:
      return null;
  }
}

/**
 * Handles one verified event. The event only says which subscription changed: its state is read from Stripe
 * now, so a late or out-of-order delivery writes the current state, never an older one. The event id is
 * stored in the same transaction as that state; a second delivery of it is a no-op.
 */
async function handleStripeEvent(deps: BillingDeps, provider: StripePaymentProvider, event: Stripe.Event): Promise<StripeEventResult> {
  if (await repository.isWebhookEventRecorded(deps.db, 'stripe', event.id)) return 'duplicate';

  let report: ProviderSubscription | null = null;
  const subscriptionId = subscriptionEvents.has(event.type) ? subscriptionIdOf(event) : null;
  if (subscriptionId) {
    report = await provider.retrieveSubscription(subscriptionId);
    // Stripe no longer knows it (removed test data): the event's own copy is the last word there is.
    const object = event.data.object as unknown as Stripe.Subscription;
    if (!report && object.object === 'subscription') report = toProviderSubscription(object);
  }

  const result = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const isFirst = await repository.recordWebhookEvent(trx, {
      provider: 'stripe',
      event_id: event.id,
      type: event.type,
      processed_at: deps.now().toISOString(),
    });
    if (!isFirst) return 'duplicate' as const;
    return report ? billing.recordProviderSubscription(deps, trx, report) : null;
  });
  if (result === 'duplicate') return 'duplicate';
  if (!result || !report) return 'ignored';

  if (result.outcome === 'ignored') {
    if (result.reason === 'unknown-price') {
      await recordError(deps.db, 'Stripe subscription with a price id that no STRIPE_PRICE_* variable names', {
        event: event.id,
        subscription: report.providerSubscriptionId,
        price: report.priceId,
      });
    } else if (result.isOrphan && report.status !== 'canceled' && report.status !== 'incomplete_expired') {
      await cancelAtProvider(deps, provider, report.providerSubscriptionId, 'its account was deleted');
    }
    return 'ignored';
  }
  for (const replaced of result.replaced) await cancelAtProvider(deps, provider, replaced, 'a new subscription replaced it');
  return 'processed';
}

async function cancelAtProvider(deps: BillingDeps, provider: StripePaymentProvider, subscriptionId: string, reason: string): Promise<void> {
  try {
    await provider.cancelNow(subscriptionId);
  } catch (error) {
    // The event is recorded either way; an operator finds this in the error log and cancels by hand.
    await recordError(deps.db, `cancelling Stripe subscription ${subscriptionId} failed (${reason})`, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * POST /api/billing/stripe/webhook. Stripe signs the exact bytes it sends, so this route alone reads its body
 * raw: the JSON parser of the rest of the API never sees it (a parsed and re-serialised body fails the check).
 */
export function registerStripeWebhook(fastify: FastifyInstance, deps: BillingDeps, provider: StripePaymentProvider): void {
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(stripeWebhookPath, { config: { guard: { caller: 'stripe' } } }, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) return reply.status(400).send(errorBody('invalid-signature', 'The webhook has no body.'));
      let event: Stripe.Event;
      try {
        event = provider.verifyWebhook(body, request.headers['stripe-signature']);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'Stripe webhook refused: the signature does not verify');
        return reply.status(400).send(errorBody('invalid-signature', 'The webhook signature does not verify.'));
      }
      // Failures past this point answer 500, and Stripe delivers the event again later.
      return { received: true, result: await handleStripeEvent(deps, provider, event) };
    });
  });
}
