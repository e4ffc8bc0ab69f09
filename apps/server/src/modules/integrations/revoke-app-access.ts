import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteAppAccessOfUser } from './integrations-repository';

/**
 * Revokes everything that reaches the account without a session: API keys, apps' grants (Zapier) and the
 * webhooks they made. Runs in the caller's transaction.
 */
export async function revokeAppAccessOfUser(trx: Kysely<Database>, userId: string): Promise<void> {
  await deleteAppAccessOfUser(trx, userId);
}
