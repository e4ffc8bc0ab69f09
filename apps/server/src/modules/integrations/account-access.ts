import type { AccountAccess } from '@cardstack/shared/account/access';
import type { WebhookEvent } from '@cardstack/shared/integrations/schemas';
import type { AnyConnection } from '../../db/schema';
import { listApiKeys } from './api-key-repository';
import { listGrantsOf } from './integrations-repository';
import { listHooks } from './webhook-repository';
import { oauthClientsOf, type IntegrationsSettings } from './integrations-service';
import { revokeAppAccessOfUser } from './revoke-app-access';

/*
 * What reaches an account from outside without its password: API keys, the apps it allowed (OAuth grants) and
 * webhook subscriptions. The account's access review lists them and "Revoke all" ends them (account module).
 */

export type IntegrationAccessList = Omit<AccountAccess, 'sessions'>;

export interface IntegrationAccess {
  listOf(userId: string): Promise<IntegrationAccessList>;
  /** Ends every key, grant (its access and refresh tokens) and webhook subscription, inside the caller's transaction. */
  revokeAllOf(trx: AnyConnection, userId: string): Promise<void>;
}

export function createIntegrationAccess(deps: { db: AnyConnection; settings: IntegrationsSettings }): IntegrationAccess {
  const clients = oauthClientsOf(deps.settings);
  const appName = (clientId: string) => clients.find((client) => client.id === clientId)?.name ?? clientId;
  return {
    async listOf(userId) {
      const [keys, grants, hooks] = await Promise.all([
        listApiKeys(deps.db, userId),
        listGrantsOf(deps.db, userId),
        listHooks(deps.db, userId),
      ]);
      const eventsByHost = new Map<string, Set<WebhookEvent>>();
      for (const hook of hooks) {
        const host = new URL(hook.targetUrl).host;
        eventsByHost.set(host, (eventsByHost.get(host) ?? new Set()).add(hook.event as WebhookEvent));
      }
      return {
        apiKeys: keys.map((key) => ({ id: key.id, name: key.name, prefix: key.prefix, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt })),
        apps: grants.map((grant) => ({ id: grant.id, name: appName(grant.clientId), connectedAt: grant.createdAt })),
        webhooks: [...eventsByHost].map(([host, events]) => ({ host, events: [...events].sort() })),
      };
    },
    revokeAllOf: revokeAppAccessOfUser,
  };
}
