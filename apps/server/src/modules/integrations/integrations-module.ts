import type { MetricsRegistry } from '../metrics/metrics-module';
import type { AppModule } from '../module-contract';
import { createIntegrationsDeps, type IntegrationsDeps, type IntegrationsNeeds } from './integrations-service';
import { registerIntegrationsRoutes } from './integrations-routes';
import { integrationsArchivePart } from './integrations-archive';
import { deliverWebhook, onCardSaving, onContactCreated, webhookDeliveryJob } from './webhooks';

/*
 * The integrations module's public entry: the OAuth 2.0 authorization server (Zapier), personal API keys, the
 * public REST API /api/v1, webhooks (REST hooks) and their delivery job. It hears of saved cards and new contacts
 * through the module hooks and queues their webhooks in the same transaction. The account's access review lists
 * and revokes a user's keys, grants and webhooks through `createIntegrationAccess`.
 */
export type { IntegrationsDeps, IntegrationsNeeds, IntegrationsSettings } from './integrations-service';
export { revokeAppAccessOfUser } from './revoke-app-access';
export { webhookDeliveryJob } from './webhooks';
export { createIntegrationAccess, type IntegrationAccess, type IntegrationAccessList } from './account-access';
export type { IntegrationTables } from './integrations-tables';
// The SSRF guard, for the other server-side requests to addresses a person typed (a moved account's new server).
export { resolveTarget, systemResolver, TargetRefused, type Resolver, type TargetPolicy } from './target-guard';

export interface IntegrationsModule extends AppModule {
  deps: IntegrationsDeps;
}

export function createIntegrationsModule(needs: IntegrationsNeeds & { metrics: MetricsRegistry }): IntegrationsModule {
  const deps = createIntegrationsDeps(needs);
  const deliveryFailures = needs.metrics.counter({
    name: 'cards_webhook_delivery_failures_total',
    help: 'Webhook delivery attempts that failed (no answer, or an answer other than 2xx or 410); the job retries them with backoff.',
  });
  return {
    name: 'integrations',
    deps,
    routes: (app) => registerIntegrationsRoutes(app, deps),
    // The OAuth token endpoint (client credentials) and the public API (bearer tokens only; a session cookie never opens it).
    serverCalledPaths: ['/api/oauth/token', '/api/v1/*'],
    jobs: (runner) =>
      runner.register<{ deliveryId: string }>(webhookDeliveryJob, (payload, context) =>
        // A delivery attempt throws exactly when it failed (so the engine retries it).
        deliverWebhook(deps.webhooks, payload, context).catch((error: unknown) => {
          deliveryFailures.inc();
          throw error;
        }),
      ),
    onCardSaving: onCardSaving(deps.webhooks),
    onContactCreated: onContactCreated(deps.webhooks),
    accountArchive: integrationsArchivePart({ db: needs.db, settings: needs.settings }),
  };
}
