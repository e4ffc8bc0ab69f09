import type { Logger } from 'pino';
import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import type { CallerOfUser } from '../auth/auth-module';
import type { CardsDeps } from '../cards/cards-module';
import type { ContactsDeps } from '../contacts/contacts-module';
import type { MailOutbox } from '../mail/mail-module';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limit-module';
import type { ApiAccessDeps } from './api-access';
import { createOAuthServer, type OAuthClientConfig, type OAuthServer } from './oauth-server';
import type { Resolver, TargetPolicy } from './target-guard';
import type { WebhookDeps } from './webhooks';

/** What configuration says about integrations (config.ts `integrations`). */
export interface IntegrationsSettings {
  zapier: { clientId: string; clientSecret: string; redirectUris: string[] } | null;
  /** Where the settings tile's "Connect" sends the user (the operator's Zapier app invitation). */
  zapierConnectUrl: string;
  apiRateLimit: RateLimitRule;
  webhooks: TargetPolicy;
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
  oauth: OAuthServer;
  apiAccess: ApiAccessDeps;
  rateLimiter: RateLimiter;
  webhooks: WebhookDeps;
  cards: CardsDeps;
  contacts: ContactsDeps;
  /** The "API key created" and "app connected" notices. */
  outbox: MailOutbox;
}

export interface IntegrationsNeeds {
  db: AnyConnection;
  jobs: JobQueue;
  logger: Pick<Logger, 'warn' | 'error'>;
  baseUrl: string;
  settings: IntegrationsSettings;
  callerOf: CallerOfUser;
  rateLimiter: RateLimiter;
  outbox: MailOutbox;
  /** The public API's card and contact use cases. */
  cards: CardsDeps;
  contacts: ContactsDeps;
  /** How webhook hosts are resolved (tests point them at 127.0.0.1). */
  resolve?: Resolver;
}

export function createIntegrationsDeps(needs: IntegrationsNeeds): IntegrationsDeps {
  const { zapier } = needs.settings;
  const clients = oauthClientsOf(needs.settings);
  const oauth = createOAuthServer({ db: needs.db, outbox: needs.outbox }, clients);
  return {
    db: needs.db,
    baseUrl: needs.baseUrl,
    clients,
    zapierClientId: zapier?.clientId ?? null,
    zapierConnectUrl: needs.settings.zapierConnectUrl,
    oauth,
    apiAccess: { db: needs.db, oauth, callerOf: needs.callerOf, rateLimiter: needs.rateLimiter, rateLimit: needs.settings.apiRateLimit },
    rateLimiter: needs.rateLimiter,
    webhooks: {
      db: needs.db,
      jobs: needs.jobs,
      logger: needs.logger,
      policy: needs.settings.webhooks,
      callerOf: needs.callerOf,
      baseUrl: needs.baseUrl,
      ...(needs.resolve ? { resolve: needs.resolve } : {}),
    },
    cards: needs.cards,
    contacts: needs.contacts,
    outbox: needs.outbox,
  };
}
