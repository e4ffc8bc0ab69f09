import { z } from 'zod';
import { card, cardListItem } from '../cards/schemas';
import { keyed } from '../i18n/keyed';
import { contact, contactCard, contactKinds, contactSummary, createContactInput, maxContactPageSize } from '../contacts/schemas';

/*
 * Integrations: the OAuth consent screen, personal API keys, webhook (REST hook) subscriptions and the public
 * REST API v1. The server validates with these, the settings screen builds its forms from them, and the
 * OpenAPI document of /api/v1 is generated from them.
 */

// ---- Scopes and events ---------------------------------------------------------------------------------

/** What a key or an OAuth grant may do. `GET /api/v1/me` needs none. */
export const apiScopes = ['cards:read', 'contacts:read', 'contacts:write', 'webhooks'] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiScopeLabels: Record<ApiScope, string> = {
  'cards:read': 'Read your cards',
  'contacts:read': 'Read your contacts and leads',
  'contacts:write': 'Add contacts',
  webhooks: 'Be told about new leads, contacts and card changes',
};

export const webhookEvents = ['lead.created', 'contact.created', 'card.updated'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export const webhookEventLabels: Record<WebhookEvent, string> = {
  'lead.created': 'A visitor left their details on one of your cards',
  'contact.created': 'You added a contact (by hand, by scanning a card, or through the API)',
  'card.updated': 'One of your cards was saved',
};
/**
 * What a subscription to each event needs besides `webhooks`: a delivery carries the lead, contact or card, so
 * only a key or connection that may read those may hear of them.
 */
export const webhookEventScopes: Record<WebhookEvent, ApiScope> = {
  'lead.created': 'contacts:read',
  'contact.created': 'contacts:read',
  'card.updated': 'cards:read',
};

export const integrationMessages = {
  screenTitle: 'Integrations',
  screenText: 'Here you can connect the tool you use every day.',
  zapierTitle: 'Zapier',
  zapierText: 'Build custom automations and integrations with apps.',
  connect: 'Connect',
  connected: 'Connected',
  disconnect: 'Disconnect',
  disconnected: 'Zapier is disconnected. Its access ended at once.',
  zapierNotConfigured: 'Zapier is not set up on this server yet.',
  unknownClient: 'This app is not registered with us, so it cannot ask for access to your account.',
  unregisteredRedirect: 'This app asked to send you to an address it has not registered. For your safety we stopped here.',
  unsupportedResponseType: 'This app asked for an access type we do not offer (only response_type=code).',
  missingState: 'This link is missing its state value. Start connecting again from the app.',
  keyCreated: 'API key created. Copy it now: it is shown only once.',
  keyRevoked: 'API key revoked.',
  keyNotFound: 'API key not found.',
  hookNotFound: 'Webhook not found.',
  invalidToken: 'The access token is missing, expired or revoked.',
  missingScope: (scope: ApiScope) => `This key or connection may not do this (it needs the "${scope}" scope).`,
  targetNotHttps: 'The target URL must start with https://.',
  targetPrivate: 'The target URL points at a private or local address, which this server does not call.',
  targetUnresolvable: 'The target URL’s host name could not be found.',
  unsupportedPkceMethod: 'This app asked for a PKCE method we do not accept (only code_challenge_method=S256).',
  accountDisabled: 'The account is disabled.',
} as const;

// ---- OAuth consent (/oauth) ----------------------------------------------------------------------------

const queryText = (max: number) => z.string().trim().max(max);

/** The four values Zapier sends to /oauth, plus the optional scope and PKCE values of RFC 7636. */
export const oauthAuthorizeQuery = z.object({
  client_id: queryText(200).min(1, keyed('clientIdMissing')),
  redirect_uri: queryText(2000).min(1, keyed('redirectUriMissing')),
  response_type: queryText(50).min(1, keyed('responseTypeMissing')),
  state: queryText(2000).default(''),
  scope: queryText(500).optional(),
  code_challenge: queryText(200).optional(),
  code_challenge_method: queryText(20).optional(),
});
export type OAuthAuthorizeQuery = z.input<typeof oauthAuthorizeQuery>;

/** What the consent screen shows: who asks, for what. */
export const oauthAuthorizeInfo = z.object({
  clientName: z.string(),
  scopes: z.array(z.object({ scope: z.enum(apiScopes), label: z.string() })),
  /** The origin the user will be sent back to (shown so they can see where they go). */
  redirectOrigin: z.string(),
});
export type OAuthAuthorizeInfo = z.infer<typeof oauthAuthorizeInfo>;

export const oauthDecisionInput = oauthAuthorizeQuery.extend({ isAllowed: z.boolean() });
export type OAuthDecisionInput = z.input<typeof oauthDecisionInput>;

/** Where the browser goes next: the client's redirect URI with `code` and `state` (or `error`). */
export const oauthDecisionResponse = z.object({ redirectTo: z.string() });

/** The token endpoint's form (RFC 6749 §4.1.3 and §6). Every value optional: the library says what is missing. */
export const oauthTokenForm = z.object({
  grant_type: z.string().max(100).optional(),
  code: z.string().max(500).optional(),
  redirect_uri: z.string().max(2000).optional(),
  refresh_token: z.string().max(500).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
  code_verifier: z.string().max(200).optional(),
  scope: z.string().max(500).optional(),
});

/** The token endpoint's refusals (RFC 6749 §5.2). */
export const oauthErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

export const oauthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string().optional(),
});

// ---- The integrations screen ---------------------------------------------------------------------------

export const integrationsStatus = z.object({
  zapier: z.object({
    /** The operator registered the Zapier client (ZAPIER_CLIENT_ID…). */
    isAvailable: z.boolean(),
    /** The user has an active grant for it. */
    isConnected: z.boolean(),
    /** Where "Connect" leads (the operator's Zapier app invite link or zapier.com). */
    connectUrl: z.string(),
  }),
});
export type IntegrationsStatus = z.infer<typeof integrationsStatus>;

export const apiKeyLimits = { name: 60, perUser: 20 } as const;

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, keyed('keyNameRequired')).max(apiKeyLimits.name, keyed('nameTooLong', { max: apiKeyLimits.name })),
  scopes: z.array(z.enum(apiScopes)).min(1, keyed('choosePermission')).max(apiScopes.length),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const apiKeyListResponse = z.object({ keys: z.array(apiKeySummary) });
/** The only time the key itself is shown. */
export const createApiKeyResponse = z.object({ key: apiKeySummary, token: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;
export const idParams = z.object({ id: z.string().min(1).max(64) });

// ---- Webhooks ------------------------------------------------------------------------------------------

export const createHookInput = z.object({
  target_url: z.string().trim().min(1, keyed('targetUrlMissing')).max(2000).pipe(z.url({ message: keyed('targetUrlInvalid') })),
  event: z.enum(webhookEvents, { message: keyed('unknownWebhookEvent', { events: webhookEvents.join(', ') }) }),
});
export type CreateHookInput = z.input<typeof createHookInput>;

export const hook = z.object({
  id: z.string(),
  event: z.enum(webhookEvents),
  target_url: z.string(),
  created_at: z.string(),
});
/** Subscribing answers the id and, once, the Standard Webhooks signing secret of the subscription. */
export const createHookResponse = hook.extend({ secret: z.string() });
export const hookListResponse = z.object({ hooks: z.array(hook) });

export const webhookDeliveryStatuses = ['pending', 'retrying', 'delivered', 'failed', 'gone'] as const;
export const webhookDelivery = z.object({
  id: z.string(),
  event: z.enum(webhookEvents),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export const deliveryListResponse = z.object({ deliveries: z.array(webhookDelivery) });

// ---- REST API v1 ---------------------------------------------------------------------------------------

export const meResponse = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const v1CardListResponse = z.object({ cards: z.array(cardListItem) });
export const v1CardResponse = z.object({ card });
export const v1CardParams = z.object({ id: z.string().min(1).max(64) });

export const v1ContactListQuery = z.object({
  kind: z.enum(contactKinds).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(maxContactPageSize).default(25),
});
export const v1ContactListResponse = z.object({ contacts: z.array(contactSummary), next_cursor: z.string().nullable() });
export const v1ContactResponse = z.object({ contact, card: contactCard.nullable() });
export const v1CreateContactInput = createContactInput;

/** The body of every webhook: the event name, when it happened and the object. */
export const webhookPayload = z.object({
  type: z.enum(webhookEvents),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;
