import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Logger } from 'pino';
import type { Card } from '@cardstack/shared/cards/schemas';
import type { ContactSummary } from '@cardstack/shared/contacts/schemas';
import { integrationMessages, webhookEventScopes, type WebhookEvent, type WebhookPayload } from '@cardstack/shared/integrations/schemas';
import { canUseFeature } from '@cardstack/shared/plans/features';
import type { AnyConnection } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { JobExecutor, JobQueue } from '../../jobs/jobs-module';
import { isAccountDisabled } from '../admin/admin-module';
import type { Caller } from '../auth/auth-module';
import { findCard } from '../cards/cards-module';
import * as repository from './webhook-repository';
import { resolveTarget, systemResolver, TargetRefused, type Resolver, type TargetPolicy } from './target-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * Webhooks (REST hooks): subscriptions per user and event, one delivery row and one job per event and
 * subscription, queued in the transaction of the change. The job POSTs the JSON body signed per Standard
 * Webhooks (webhook-id, webhook-timestamp, webhook-signature); the job engine retries with backoff; a 410
 * removes the subscription (the receiver said it is gone for good, as REST hooks define).
 */

export const webhookDeliveryJob = 'integrations.webhook-delivery';
/** 9 attempts over about four hours: 30 s, 1, 2, 4, 8, 16, 32, 64, 128 minutes. */
export const deliveryRetry = { retryLimit: 8, retryDelaySeconds: 30 } as const;
const deliveryTimeoutMs = 10_000;
const maxErrorLength = 300;

export interface WebhookDeps {
  db: AnyConnection;
  jobs: JobQueue;
  logger: Pick<Logger, 'warn' | 'error'>;
  policy: TargetPolicy;
  /** DNS for target host names (tests give a fixed answer). */
  resolve?: Resolver;
  /** Who a user is now: a subscription made through Zapier delivers only while the plan includes Zapier. */
  callerOf: (userId: string, via: string) => Promise<Caller | null>;
  baseUrl: string;
}

/** A contact as the contacts module reports it, and who should hear about it. */
export interface ContactCreatedEvent {
  event: Extract<WebhookEvent, 'lead.created' | 'contact.created'>;
  contact: ContactSummary;
}

// ---- Subscriptions -------------------------------------------------------------------------------------

export interface HookOwner {
  userId: string;
  apiKeyId: string | null;
  grantId: string | null;
}

export async function subscribe(deps: WebhookDeps, owner: HookOwner, input: { target_url: string; event: WebhookEvent }) {
  try {
    await resolveTarget(new URL(input.target_url), deps.policy, deps.resolve ?? systemResolver);
  } catch (error) {
    if (error instanceof TargetRefused) throw badRequest(error.keyedMessage, { target_url: error.keyedMessage });
    throw error;
  }
  const hook: repository.StoredHook = {
    id: crypto.randomUUID(),
    userId: owner.userId,
    event: input.event,
    targetUrl: input.target_url,
    secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
    apiKeyId: owner.apiKeyId,
    grantId: owner.grantId,
    createdAt: new Date().toISOString(),
  };
  await repository.insertHook(deps.db, hook);
  return { id: hook.id, event: input.event, target_url: hook.targetUrl, created_at: hook.createdAt, secret: hook.secret };
}

const hookView = (hook: repository.StoredHook) => ({ id: hook.id, event: hook.event as WebhookEvent, target_url: hook.targetUrl, created_at: hook.createdAt });

export async function listHooks(deps: Pick<WebhookDeps, 'db'>, userId: string) {
  return { hooks: (await repository.listHooks(deps.db, userId)).map(hookView) };
}

export async function unsubscribe(deps: Pick<WebhookDeps, 'db'>, userId: string, hookId: string): Promise<void> {
  if (!(await repository.deleteHook(deps.db, hookId, userId))) throw notFound(keyed('hookNotFound'));
}

export async function listDeliveries(deps: Pick<WebhookDeps, 'db'>, userId: string, hookId: string) {
  const hook = await repository.findHook(deps.db, userId, hookId);
  if (!hook) throw notFound(keyed('hookNotFound'));
  const rows = await repository.listDeliveries(deps.db, hook.id, 100);
  return { deliveries: rows.map((row) => ({ ...row, event: row.event as WebhookEvent, attempts: Number(row.attempts), last_status_code: row.last_status_code === null ? null : Number(row.last_status_code) })) };
}

// ---- Events --------------------------------------------------------------------------------------------

/**
 * Queues one delivery per subscription of these users to this event, inside the caller's transaction. An account
 * the operator disabled is told nothing: its keys and connections no longer act for it, and neither do its hooks.
 */
export async function publishEvent(deps: Pick<WebhookDeps, 'jobs'>, trx: JobExecutor, userIds: readonly string[], event: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  const subscribed = await repository.hooksForEvent(trx, [...new Set(userIds)], event);
  if (subscribed.length === 0) return 0;
  const disabled = new Set<string>();
  for (const userId of new Set(subscribed.map((hook) => hook.userId))) if (await isAccountDisabled(trx, userId)) disabled.add(userId);
  // A hook made through the API delivers only while its key or grant may read what the event carries (one made
  // before subscriptions checked the scope, or whose key lost it, stays silent).
  const requiredScope = webhookEventScopes[event];
  const hooks = subscribed.filter(
    (hook) => !disabled.has(hook.userId) && (hook.credentialScopes === null || hook.credentialScopes.split(' ').includes(requiredScope)),
  );
  const now = new Date().toISOString();
  for (const hook of hooks) {
    const id = crypto.randomUUID();
    const payload: WebhookPayload = { type: event, timestamp: now, data };
    await repository.insertDelivery(trx, { id, subscriptionId: hook.id, event, payload: JSON.stringify(payload), now });
    await deps.jobs.enqueue(trx, webhookDeliveryJob, { deliveryId: id }, deliveryRetry);
  }
  return hooks.length;
}

/** A lead reaches its card's owner and, for a team lead, the team owner, who sees it too. */
export function onContactCreated(deps: Pick<WebhookDeps, 'jobs'>) {
  return async (trx: JobExecutor, change: ContactCreatedEvent): Promise<void> => {
    const users = [change.contact.ownerId, ...(change.contact.teamOwnerId ? [change.contact.teamOwnerId] : [])];
    await publishEvent(deps, trx, users, change.event, change.contact);
  };
}

function cardEventData(card: Card, baseUrl: string): Record<string, unknown> {
  return {
    id: card.id,
    username: card.username,
    ownerId: card.ownerId,
    teamOwnerId: card.teamOwnerId,
    title: card.title,
    name: card.name,
    companyName: card.companyName,
    jobTitle: card.jobTitle,
    email: card.email,
    phone: card.phone,
    url: `${baseUrl}/id/${encodeURIComponent(card.username)}`,
    version: card.version,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

/** A card was saved (created, edited, duplicated): its owner's `card.updated` subscriptions hear of it. */
export function onCardSaving(deps: Pick<WebhookDeps, 'jobs' | 'baseUrl'>) {
  return async (trx: JobExecutor, change: { cardId: string }): Promise<void> => {
    const card = await findCard(trx, change.cardId);
    if (!card) return;
    await publishEvent(deps, trx, [card.ownerId], 'card.updated', cardEventData(card, deps.baseUrl));
  };
}

// ---- Delivery ------------------------------------------------------------------------------------------

interface PostResult {
  statusCode: number;
}

/** POSTs to the target, connecting only to the address the guard approved (the lookup is pinned to it). */
function post(url: URL, addresses: { address: string; family: number }[], headers: Record<string, string>, body: string): Promise<PostResult> {
  const [first] = addresses;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, first!.address, first!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup },
      (response) => {
        // Only the status counts. The body is never read: a target streaming an endless answer holds nothing.
        clearTimeout(deadline);
        resolve({ statusCode: response.statusCode ?? 0 });
        response.destroy();
      },
    );
    // One deadline for the whole exchange (connect, TLS, the answer's headers), however slowly bytes trickle.
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${deliveryTimeoutMs / 1000} s`)), deliveryTimeoutMs);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * One delivery attempt (the job's handler). Idempotent: a delivery already delivered or gone is not sent again.
 * A failure throws, so the job engine retries it with backoff; the last attempt marks it failed.
 */
export async function deliverWebhook(deps: WebhookDeps, payload: { deliveryId: string }, context: { attempt: number }): Promise<void> {
  const delivery = await repository.findDeliveryWithHook(deps.db, payload.deliveryId);
  // The subscription was removed meanwhile (its deliveries with it): nothing to send.
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'gone') return;
  const now = () => new Date().toISOString();
  const isLastAttempt = context.attempt >= deliveryRetry.retryLimit + 1;

  // Disabled after the event was queued: nothing is sent, and the target is not blamed (no attempt, no retry).
  if (await isAccountDisabled(deps.db, delivery.userId)) {
    await repository.markDelivery(deps.db, delivery.deliveryId, 'failed', integrationMessages.accountDisabled, now());
    return;
  }
  if (delivery.grantId) {
    const owner = await deps.callerOf(delivery.userId, `grant:${delivery.grantId}`);
    if (!owner || !canUseFeature(owner.plan, 'zapier')) {
      await repository.markDelivery(deps.db, delivery.deliveryId, 'failed', 'Zapier is not included in the account’s plan.', now());
      return;
    }
  }

  const url = new URL(delivery.targetUrl);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolveTarget(url, deps.policy, deps.resolve ?? systemResolver);
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    // A refused target does not become acceptable by waiting: no retry.
    await repository.markDelivery(deps.db, delivery.deliveryId, 'failed', error.message, now());
    return;
  }

  const sentAt = new Date();
  // Loaded with the first delivery, not at start (start-imports.test.ts).
  const { Webhook } = await import('standardwebhooks');
  const signature = new Webhook(delivery.secret).sign(delivery.deliveryId, sentAt, delivery.payload);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Cards-Webhooks/1',
    'webhook-id': delivery.deliveryId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
  let result: PostResult;
  try {
    result = await post(url, addresses, headers, delivery.payload);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength);
    await repository.recordAttempt(deps.db, delivery.deliveryId, { status: isLastAttempt ? 'failed' : 'retrying', statusCode: null, error: message, now: now() });
    throw new Error(`webhook ${delivery.deliveryId}: ${message}`);
  }
  if (result.statusCode >= 200 && result.statusCode < 300) {
    await repository.recordAttempt(deps.db, delivery.deliveryId, { status: 'delivered', statusCode: result.statusCode, error: null, now: now() });
    return;
  }
  if (result.statusCode === 410) {
    // REST hooks: 410 Gone means "unsubscribe me". The subscription and its history go.
    await repository.deleteHook(deps.db, delivery.id);
    return;
  }
  await repository.recordAttempt(deps.db, delivery.deliveryId, {
    status: isLastAttempt ? 'failed' : 'retrying',
    statusCode: result.statusCode,
    error: `The target answered ${result.statusCode}.`,
    now: now(),
  });
  throw new Error(`webhook ${delivery.deliveryId}: the target answered ${result.statusCode}`);
}
