import type { Kysely } from 'kysely';
import type { IntegrationTables } from './integrations-tables';

/*
 * OAuth grants, codes and tokens, and removing all of a user's app access at once (API keys and webhooks have
 * their own repositories). Every token is looked up by its SHA-256; no raw token is ever written.
 */

type Executor = Kysely<IntegrationTables>;

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
