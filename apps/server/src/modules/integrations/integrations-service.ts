import type { Logger } from 'pino';
import type { AnyConnection } from '../../db/schema';
import type { JobQueue, JobRunner } from '../../jobs/jobs-module';
import type { CallerOfUser } from '../auth/auth-module';
import type { CardsDeps } from '../cards/cards-module';
import type { ContactCreatedHook, ContactsDeps } from '../contacts/contacts-module';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limit-module';
import type { ApiAccessDeps } from './api-access';
import { createOAuthServer, type OAuth2Server, type OAuthClientConfig } from './oauth-server';
import type { Resolver, TargetPolicy } from './target-guard';
import { deliverWebhook, onCardSaving, onContactCreated, webhookDeliveryJob, type WebhookDeps } from './webhooks';

/** What configuration says about integrations (config.ts `integrations`). */
export interface IntegrationsSettings {
  zapier: { clientId: string; clientSecret: string; redirectUris: string[] } | null;
  /** Where the settings tile's "Connect" sends the user (the operator's Zapier app invitation). */
  zapierConnectUrl: string;
  apiRateLimit: RateLimitRule;
  webhooks: TargetPolicy;
}

/** The events side, made before the contacts and cards deps (they call its hooks). */
export interface IntegrationEvents {
  webhooks: WebhookDeps;
  onContactCreated: ContactCreatedHook;
  onCardSaving: (trx: Parameters<NonNullable<CardsDeps['onCardSaving']>>[0], change: { cardId: string }) => Promise<void>;
}

export function createIntegrationEvents(deps: {
  db: AnyConnection;
  jobs: JobQueue;
  logger: Pick<Logger, 'warn' | 'error'>;
  settings: IntegrationsSettings;
  callerOf: CallerOfUser;
  baseUrl: string;
  resolve?: Resolver;
}): IntegrationEvents {
  const webhooks: WebhookDeps = {
    db: deps.db,
    jobs: deps.jobs,
    logger: deps.logger,
    policy: deps.settings.webhooks,
    callerOf: deps.callerOf,
    baseUrl: deps.baseUrl,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  };
  return {
    webhooks,
    onContactCreated: onContactCreated(webhooks),
    onCardSaving: onCardSaving(webhooks),
  };
}

/** The OAuth clients the operator registered (Zapier's three variables). */
export function oauthClientsOf(settings: IntegrationsSettings): OAuthClientConfig[] {
  const { zapier } = settings;
  return zapier ? [{ id: zapier.clientId, name: 'Zapier', secret: zapier.clientSecret, redirectUris: zapier.redirectUris }] : [];
}

export interface IntegrationsDeps {
  db: AnyConnection;
  baseUrl: string;
  clients: OAuthClientConfig[];
  zapierClientId: string | null;
  zapierConnectUrl: string;
  oauth: OAuth2Server;
  apiAccess: ApiAccessDeps;
  rateLimiter: RateLimiter;
  webhooks: WebhookDeps;
  cards: CardsDeps;
  contacts: ContactsDeps;
}

export function createIntegrations(deps: {
  db: AnyConnection;
  baseUrl: string;
  settings: IntegrationsSettings;
  events: IntegrationEvents;
  callerOf: CallerOfUser;
  rateLimiter: RateLimiter;
  cards: CardsDeps;
  contacts: ContactsDeps;
}): IntegrationsDeps {
  const { zapier } = deps.settings;
  const clients = oauthClientsOf(deps.settings);
  const oauth = createOAuthServer(deps.db, clients);
  return {
    db: deps.db,
    baseUrl: deps.baseUrl,
    clients,
    zapierClientId: zapier?.clientId ?? null,
    zapierConnectUrl: deps.settings.zapierConnectUrl,
    oauth,
    apiAccess: { db: deps.db, oauth, callerOf: deps.callerOf, rateLimiter: deps.rateLimiter, rateLimit: deps.settings.apiRateLimit },
    rateLimiter: deps.rateLimiter,
    webhooks: deps.events.webhooks,
    cards: deps.cards,
    contacts: deps.contacts,
  };
}

export function registerIntegrationsJobs(runner: JobRunner, events: IntegrationEvents): void {
  runner.register<{ deliveryId: string }>(webhookDeliveryJob, (payload, context) => deliverWebhook(events.webhooks, payload, context));
}
