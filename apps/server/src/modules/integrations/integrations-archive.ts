import { z } from 'zod';
import { keyed } from '@cardstack/shared/i18n/keyed';
import type { AnyConnection } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AccountArchivePart } from '../module-contract';
import { createIntegrationAccess } from './account-access';
import type { IntegrationsSettings } from './integrations-service';

/*
 * The integrations' part of an account archive: only their names (API keys by name, connected apps, webhook hosts
 * and events), so the person knows what to set up again on the new server. Keys, key hashes and prefixes, tokens and
 * webhook secrets never leave this server; an import makes none of them and lists the names in its report.
 */

const integrationsFile = 'integrations/integrations.json';

const archivedIntegrations = z.object({
  apiKeys: z.array(z.object({ name: z.string().max(200) })).max(1000),
  apps: z.array(z.object({ name: z.string().max(200) })).max(1000),
  webhooks: z.array(z.object({ host: z.string().max(300), events: z.array(z.string().max(100)).max(50) })).max(1000),
});

export function integrationsArchivePart(deps: { db: AnyConnection; settings: IntegrationsSettings }): AccountArchivePart {
  const access = createIntegrationAccess(deps);
  return {
    files: [
      {
        path: integrationsFile,
        about: 'The names of your integrations: API keys, connected apps and webhook hosts with their events. No key, token or secret is included: set them up again on the new server.',
      },
    ],
    async exportPart(userId, archive) {
      const list = await access.listOf(userId);
      archive.json(integrationsFile, {
        apiKeys: list.apiKeys.map((key) => ({ name: key.name, createdAt: key.createdAt })),
        apps: list.apps.map((app) => ({ name: app.name, connectedAt: app.connectedAt })),
        webhooks: list.webhooks.map((hook) => ({ host: hook.host, events: hook.events })),
      });
    },
    checkPart(archive) {
      const value = archive.json(integrationsFile);
      if (value !== undefined && !archivedIntegrations.safeParse(value).success) throw badRequest(keyed('accountArchiveBrokenFile', { name: integrationsFile }));
    },
    async importPart(_trx, archive, context) {
      const value = archive.json(integrationsFile);
      if (value === undefined) return;
      const named = archivedIntegrations.parse(value);
      context.report.integrations.push(
        ...named.apiKeys.map((key) => key.name),
        ...named.apps.map((app) => app.name),
        ...named.webhooks.map((hook) => hook.host),
      );
    },
  };
}
