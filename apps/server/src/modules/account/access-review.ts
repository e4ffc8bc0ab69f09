import type { AccountAccess } from '@cardstack/shared/account/access';
import type { AnyConnection } from '../../db/schema';
import { deleteOtherSessions, listSessionSummaries, type Caller, type LoadAuth } from '../auth/auth-module';
import type { IntegrationAccess } from '../integrations/integrations-module';
import type { MailOutbox } from '../mail/mail-module';

/*
 * After a password change, what still has access to the account without the password: API keys, connected
 * apps and webhooks (the integrations module's), and the signed-in devices. A reset ends the sessions, not the
 * rest: a thief who made a key keeps it until the owner revokes it, so the owner is shown (and mailed) the list.
 */

export interface AccessReviewDeps {
  db: AnyConnection;
  loadAuth: LoadAuth;
  integrationAccess: IntegrationAccess;
  /** The security notices of password changes. */
  outbox: MailOutbox;
}

export async function listAccess(deps: AccessReviewDeps, caller: Caller, headers: Headers): Promise<AccountAccess> {
  const [integrations, sessions] = await Promise.all([
    deps.integrationAccess.listOf(caller.userId),
    listSessionSummaries(deps.loadAuth, headers, caller.session.id),
  ]);
  return { ...integrations, sessions };
}

/**
 * "Revoke all access except this browser": every key, grant and webhook goes and every other session ends, in
 * one transaction (all or nothing). Answers what is left: this browser.
 */
export async function revokeAllAccess(deps: AccessReviewDeps, caller: Caller, headers: Headers): Promise<AccountAccess> {
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await deps.integrationAccess.revokeAllOf(trx, caller.userId);
    await deleteOtherSessions(trx, caller.userId, caller.session.id);
  });
  return listAccess(deps, caller, headers);
}

/** After a reset through a mailed link: the "password changed" notice, listing what still has access. */
export async function mailAccessAfterPasswordReset(
  deps: Pick<AccessReviewDeps, 'db' | 'integrationAccess' | 'outbox'>,
  user: { id: string; email: string; name: string },
): Promise<void> {
  const { apiKeys, apps, webhooks } = await deps.integrationAccess.listOf(user.id);
  await deps.outbox.securityNotice(deps.db, user.email, {
    displayName: user.name,
    change: 'password-changed',
    remainingAccess: {
      apiKeys: apiKeys.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
      apps: apps.map(({ name, connectedAt }) => ({ name, connectedAt })),
      webhooks,
    },
  });
}
