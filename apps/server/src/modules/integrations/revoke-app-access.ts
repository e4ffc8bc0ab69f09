import type { AnyConnection } from '../../db/schema';
import { deleteAppAccessOfUser } from './integrations-repository';

/**
 * Revokes everything that reaches the account without a session: API keys, apps' grants (Zapier) and the
 * webhooks they made. Runs in the caller's transaction.
 */
export async function revokeAppAccessOfUser(trx: AnyConnection, userId: string): Promise<void> {
  await deleteAppAccessOfUser(trx, userId);
}
