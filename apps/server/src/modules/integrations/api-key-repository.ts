import type { Kysely } from 'kysely';
import type { IntegrationTables } from './integrations-tables';
/* Personal API keys as stored: only a hash of the token and its first characters (to tell keys apart). */

type Executor = Kysely<IntegrationTables>;

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
