import type { Kysely } from 'kysely';
import type { IntegrationTables, WebhookDeliveryTable } from './integrations-tables';

/*
 * The only SQL of the integrations module: OAuth grants, codes and tokens, API keys, webhook subscriptions and
 * their deliveries. Every token is looked up by its SHA-256; no raw token is ever written.
 */

type Executor = Kysely<IntegrationTables>;

// ---- OAuth ---------------------------------------------------------------------------------------------

/** The user's grant to a client, made on the first consent; a later consent updates its scopes. */
export async function upsertGrant(
  db: Executor,
  grant: { id: string; userId: string; clientId: string; scopes: string; now: string },
): Promise<{ grantId: string; isNew: boolean }> {
  // Insert-or-nothing, so of two consents at once exactly one makes (and reports) the grant.
  const inserted = await db
    .insertInto('oauth_grant')
    .values({ id: grant.id, user_id: grant.userId, client_id: grant.clientId, scopes: grant.scopes, created_at: grant.now, updated_at: grant.now })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
    .executeTakeFirst();
  const isNew = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (!isNew) {
    await db
      .updateTable('oauth_grant')
      .set({ scopes: grant.scopes, updated_at: grant.now })
      .where('user_id', '=', grant.userId)
      .where('client_id', '=', grant.clientId)
      .execute();
  }
  const row = await db
    .selectFrom('oauth_grant')
    .select('id')
    .where('user_id', '=', grant.userId)
    .where('client_id', '=', grant.clientId)
    .executeTakeFirstOrThrow();
  return { grantId: row.id, isNew };
}

export async function insertCode(
  db: Executor,
  code: { codeHash: string; grantId: string; redirectUri: string; scopes: string; codeChallenge: string | null; codeChallengeMethod: string | null; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('oauth_code')
    .values({
      code_hash: code.codeHash,
      grant_id: code.grantId,
      redirect_uri: code.redirectUri,
      scopes: code.scopes,
      code_challenge: code.codeChallenge,
      code_challenge_method: code.codeChallengeMethod,
      expires_at: code.expiresAt,
      created_at: code.now,
    })
    .execute();
}

export function findCode(db: Executor, codeHash: string) {
  return db
    .selectFrom('oauth_code')
    .innerJoin('oauth_grant', 'oauth_grant.id', 'oauth_code.grant_id')
    .select([
      'oauth_code.grant_id as grantId',
      'oauth_code.redirect_uri as redirectUri',
      'oauth_code.scopes as scopes',
      'oauth_code.code_challenge as codeChallenge',
      'oauth_code.code_challenge_method as codeChallengeMethod',
      'oauth_code.expires_at as expiresAt',
      'oauth_code.used_at as usedAt',
      'oauth_grant.user_id as userId',
      'oauth_grant.client_id as clientId',
    ])
    .where('oauth_code.code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Marks a code exchanged; true only for the one request that marked it (a code is good once). */
export async function markCodeUsed(db: Executor, codeHash: string, now: string): Promise<boolean> {
  const result = await db.updateTable('oauth_code').set({ used_at: now }).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertToken(
  db: Executor,
  token: { id: string; grantId: string; accessTokenHash: string; accessExpiresAt: string; refreshTokenHash: string | null; refreshExpiresAt: string | null; scopes: string; now: string },
): Promise<void> {
  await db
    .insertInto('oauth_token')
    .values({
      id: token.id,
      grant_id: token.grantId,
      access_token_hash: token.accessTokenHash,
      access_expires_at: token.accessExpiresAt,
      refresh_token_hash: token.refreshTokenHash,
      refresh_expires_at: token.refreshExpiresAt,
      scopes: token.scopes,
      created_at: token.now,
    })
    .execute();
}

const tokenColumns = [
  'oauth_token.grant_id as grantId',
  'oauth_token.rotated_at as rotatedAt',
  'oauth_token.access_expires_at as accessExpiresAt',
  'oauth_token.refresh_expires_at as refreshExpiresAt',
  'oauth_token.scopes as scopes',
  'oauth_grant.user_id as userId',
  'oauth_grant.client_id as clientId',
] as const;

export function findTokenByAccessHash(db: Executor, hash: string) {
  return db
    .selectFrom('oauth_token')
    .innerJoin('oauth_grant', 'oauth_grant.id', 'oauth_token.grant_id')
    .select(tokenColumns)
    .where('oauth_token.access_token_hash', '=', hash)
    .where('oauth_token.rotated_at', 'is', null)
    .executeTakeFirst();
}

export function findTokenByRefreshHash(db: Executor, hash: string) {
  return db
    .selectFrom('oauth_token')
    .innerJoin('oauth_grant', 'oauth_grant.id', 'oauth_token.grant_id')
    .select(tokenColumns)
    .where('oauth_token.refresh_token_hash', '=', hash)
    .executeTakeFirst();
}

/**
 * A refresh token is good once: marks its pair rotated (its access token stops working with it); true only for
 * the one request that marked it. The grant's pairs whose refresh tokens have expired meanwhile are forgotten.
 */
export async function rotateRefreshToken(db: Executor, token: { hash: string; grantId: string }, now: string): Promise<boolean> {
  const result = await db.updateTable('oauth_token').set({ rotated_at: now }).where('refresh_token_hash', '=', token.hash).where('rotated_at', 'is', null).executeTakeFirst();
  await db.deleteFrom('oauth_token').where('grant_id', '=', token.grantId).where('rotated_at', 'is not', null).where('refresh_expires_at', '<', now).execute();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Holds the grant's row until the end of the transaction (PostgreSQL row lock; SQLite has one writer anyway), so
 * issuing a token and revoking the grant happen one after the other; false when the grant is gone.
 */
async function lockGrant(db: Executor, grantId: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_grant')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', grantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Saves a token pair of a live grant; false when the grant was revoked (or disconnected) meanwhile. */
export async function insertTokenOfLiveGrant(db: Executor, token: Parameters<typeof insertToken>[1]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockGrant(trx, token.grantId))) return false;
    await insertToken(trx, token);
    return true;
  });
}

export function findGrantOf(db: Executor, userId: string, clientId: string) {
  return db.selectFrom('oauth_grant').select(['id', 'created_at as createdAt']).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
}

/** Disconnecting: the grant goes, and with it its codes, tokens and webhook subscriptions. */
export async function deleteGrant(db: Executor, userId: string, clientId: string): Promise<boolean> {
  const grant = await findGrantOf(db, userId, clientId);
  return grant ? revokeGrant(db, grant.id) : false;
}

/** A grant revoked: it goes with its codes, tokens and webhook subscriptions, in one transaction. */
export async function revokeGrant(db: Executor, grantId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockGrant(trx, grantId))) return false;
    // Explicit deletes first: SQLite enforces the cascade only with its foreign-key pragma on.
    const hookIds = trx.selectFrom('webhook_subscription').select('id').where('grant_id', '=', grantId);
    await trx.deleteFrom('webhook_delivery').where('subscription_id', 'in', hookIds).execute();
    await trx.deleteFrom('webhook_subscription').where('grant_id', '=', grantId).execute();
    await trx.deleteFrom('oauth_token').where('grant_id', '=', grantId).execute();
    await trx.deleteFrom('oauth_code').where('grant_id', '=', grantId).execute();
    await trx.deleteFrom('oauth_grant').where('id', '=', grantId).execute();
    return true;
  });
}

/** The apps a user allowed, oldest first. */
export function listGrantsOf(db: Executor, userId: string) {
  return db
    .selectFrom('oauth_grant')
    .select(['id', 'client_id as clientId', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// ---- API keys ------------------------------------------------------------------------------------------

export interface StoredApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const apiKeyColumns = ['id', 'name', 'key_prefix as prefix', 'scopes', 'created_at as createdAt', 'last_used_at as lastUsedAt'] as const;

export async function insertApiKey(
  db: Executor,
  key: { id: string; userId: string; name: string; prefix: string; hash: string; scopes: string; now: string },
): Promise<void> {
  await db
    .insertInto('api_key')
    .values({ id: key.id, user_id: key.userId, name: key.name, key_prefix: key.prefix, key_hash: key.hash, scopes: key.scopes, created_at: key.now, last_used_at: null })
    .execute();
}

export function listApiKeys(db: Executor, userId: string): Promise<StoredApiKey[]> {
  return db.selectFrom('api_key').select(apiKeyColumns).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countApiKeys(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('api_key').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function findApiKey(db: Executor, userId: string, id: string): Promise<StoredApiKey | undefined> {
  return db.selectFrom('api_key').select(apiKeyColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findApiKeyByHash(db: Executor, hash: string) {
  return db.selectFrom('api_key').select(['id', 'user_id as userId', 'scopes', 'last_used_at as lastUsedAt']).where('key_hash', '=', hash).executeTakeFirst();
}

export async function touchApiKey(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('api_key').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Revoking a key deletes it, and the webhook subscriptions made with it. */
export async function deleteApiKey(db: Executor, userId: string, id: string): Promise<boolean> {
  await db.deleteFrom('webhook_subscription').where('api_key_id', '=', id).where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('api_key').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Webhooks ------------------------------------------------------------------------------------------

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

// ---- Everything of one user ----------------------------------------------------------------------------

/** Every API key, app grant (with its codes and tokens) and webhook subscription (with its deliveries) of a user. */
export async function deleteAppAccessOfUser(db: Executor, userId: string): Promise<void> {
  const hooks = db.selectFrom('webhook_subscription').select('id').where('user_id', '=', userId);
  await db.deleteFrom('webhook_delivery').where('subscription_id', 'in', hooks).execute();
  await db.deleteFrom('webhook_subscription').where('user_id', '=', userId).execute();
  const grants = db.selectFrom('oauth_grant').select('id').where('user_id', '=', userId);
  await db.deleteFrom('oauth_token').where('grant_id', 'in', grants).execute();
  await db.deleteFrom('oauth_code').where('grant_id', 'in', grants).execute();
  await db.deleteFrom('oauth_grant').where('user_id', '=', userId).execute();
  await db.deleteFrom('api_key').where('user_id', '=', userId).execute();
}
