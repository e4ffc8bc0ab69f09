/*
 * The integrations module's public entry: the OAuth 2.0 authorization server (Zapier), personal API keys, the
 * public REST API /api/v1, webhooks (REST hooks) and their delivery job. `app.ts` makes the events side first
 * (the contacts and cards modules call its hooks inside their transactions), then the rest. The account's
 * access review lists and revokes a user's keys, grants and webhooks through `createIntegrationAccess`.
 */
export {
  createIntegrationEvents,
  createIntegrations,
  registerIntegrationsJobs,
  type IntegrationEvents,
  type IntegrationsDeps,
  type IntegrationsSettings,
} from './integrations-service';
export { registerIntegrationsRoutes } from './integrations-routes';
export { revokeAppAccessOfUser } from './revoke-app-access';
export { webhookDeliveryJob } from './webhooks';
export { createIntegrationAccess, type IntegrationAccess, type IntegrationAccessList } from './account-access';
export type { IntegrationTables } from './integrations-tables';
