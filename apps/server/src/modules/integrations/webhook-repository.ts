import type { Kysely } from 'kysely';
import type { IntegrationTables, WebhookDeliveryTable } from './integrations-tables';
/* Webhook subscriptions and their deliveries (one row per event and subscription, with its attempts). */

type Executor = Kysely<IntegrationTables>;

export interface StoredHook {
  id: string;
  userId: string;
  event: string;
  targetUrl: string;
  secret: string;
  apiKeyId: string | null;
  grantId: string | null;
  createdAt: string;
}

const hookColumns = [
  'webhook_subscription.id as id',
  'webhook_subscription.user_id as userId',
  'webhook_subscription.event as event',
  'webhook_subscription.target_url as targetUrl',
  'webhook_subscription.secret as secret',
  'webhook_subscription.api_key_id as apiKeyId',
  'webhook_subscription.grant_id as grantId',
  'webhook_subscription.created_at as createdAt',
] as const;

export async function insertHook(db: Executor, hook: StoredHook): Promise<void> {
  await db
    .insertInto('webhook_subscription')
    .values({
      id: hook.id,
      user_id: hook.userId,
      event: hook.event,
      target_url: hook.targetUrl,
      secret: hook.secret,
      api_key_id: hook.apiKeyId,
      grant_id: hook.grantId,
      created_at: hook.createdAt,
    })
    .execute();
}

export function listHooks(db: Executor, userId: string): Promise<StoredHook[]> {
  return db.selectFrom('webhook_subscription').select(hookColumns).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findHook(db: Executor, userId: string, id: string): Promise<StoredHook | undefined> {
  return db.selectFrom('webhook_subscription').select(hookColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** A subscription, with the scopes of the API key or app grant that made it (null for one made in Settings). */
export type HookWithScopes = StoredHook & { credentialScopes: string | null };

export async function hooksForEvent(db: Executor, userIds: readonly string[], event: string): Promise<HookWithScopes[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_subscription')
    .leftJoin('api_key', 'api_key.id', 'webhook_subscription.api_key_id')
    .leftJoin('oauth_grant', 'oauth_grant.id', 'webhook_subscription.grant_id')
    .select([...hookColumns, 'api_key.scopes as keyScopes', 'oauth_grant.scopes as grantScopes'])
    .where('webhook_subscription.user_id', 'in', userIds)
    .where('webhook_subscription.event', '=', event)
    .execute();
  return rows.map(({ keyScopes, grantScopes, ...hook }) => ({ ...hook, credentialScopes: keyScopes ?? grantScopes ?? null }));
}

export async function deleteHook(db: Executor, id: string, userId?: string): Promise<boolean> {
  await db.deleteFrom('webhook_delivery').where('subscription_id', '=', id).execute();
  let query = db.deleteFrom('webhook_subscription').where('id', '=', id);
  if (userId) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertDelivery(db: Executor, delivery: { id: string; subscriptionId: string; event: string; payload: string; now: string }): Promise<void> {
  await db
    .insertInto('webhook_delivery')
    .values({
      id: delivery.id,
      subscription_id: delivery.subscriptionId,
      event: delivery.event,
      payload: delivery.payload,
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      created_at: delivery.now,
      updated_at: delivery.now,
      delivered_at: null,
    })
    .execute();
}

export function findDeliveryWithHook(db: Executor, deliveryId: string) {
  return db
    .selectFrom('webhook_delivery')
    .innerJoin('webhook_subscription', 'webhook_subscription.id', 'webhook_delivery.subscription_id')
    .select([
      ...hookColumns,
      'webhook_delivery.id as deliveryId',
      'webhook_delivery.event as deliveryEvent',
      'webhook_delivery.payload as payload',
      'webhook_delivery.status as status',
      'webhook_delivery.attempts as attempts',
      'webhook_delivery.created_at as deliveryCreatedAt',
    ])
    .where('webhook_delivery.id', '=', deliveryId)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Executor,
  deliveryId: string,
  outcome: { status: WebhookDeliveryTable['status']; statusCode: number | null; error: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('webhook_delivery')
    .set((eb) => ({
      status: outcome.status,
      attempts: eb('attempts', '+', 1),
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      updated_at: outcome.now,
      ...(outcome.status === 'delivered' ? { delivered_at: outcome.now } : {}),
    }))
    .where('id', '=', deliveryId)
    .execute();
}

export async function markDelivery(db: Executor, deliveryId: string, status: WebhookDeliveryTable['status'], error: string, now: string): Promise<void> {
  await db.updateTable('webhook_delivery').set({ status, last_error: error, updated_at: now }).where('id', '=', deliveryId).execute();
}

export function listDeliveries(db: Executor, subscriptionId: string, limit: number) {
  return db
    .selectFrom('webhook_delivery')
    .select(['id', 'event', 'status', 'attempts', 'last_status_code', 'last_error', 'created_at', 'delivered_at'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
