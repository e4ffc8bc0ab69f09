import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListResponse,
  createApiKeyInput,
  createApiKeyResponse,
  createHookInput,
  createHookResponse,
  deliveryListResponse,
  hookListResponse,
  idParams,
  integrationsStatus,
  meResponse,
  oauthAuthorizeInfo,
  oauthAuthorizeQuery,
  oauthDecisionInput,
  oauthDecisionResponse,
  oauthErrorResponse,
  oauthTokenForm,
  oauthTokenResponse,
  v1CardListResponse,
  v1CardParams,
  v1CardResponse,
  v1ContactListQuery,
  v1ContactListResponse,
  v1ContactResponse,
  v1CreateContactInput,
  webhookEventLabels,
  webhookEventScopes,
  webhookEvents,
  type ApiScope,
  type IntegrationsStatus,
} from '@cardstack/shared/integrations/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { apiErrorBody } from '@cardstack/shared/http/api-error';
import { getCard, listCards } from '../cards/cards-module';
import { createContact, getContact, listContacts } from '../contacts/contacts-module';
import { limitPerAddress } from '../rate-limit/rate-limit-module';
import { authenticateApiRequest, createApiKey, listApiKeys, requireScope, revokeApiKey, type ApiPrincipal } from './api-access';
import type { IntegrationsDeps } from './integrations-service';
import * as repository from './integrations-repository';
import { decideAuthorization, describeAuthorization } from './oauth-consent';
import { apiDocumentOptions, apiErrors, apiTags, describedWithScope, errorResponses, securityOf } from './api-document';
import { referencePagePolicy, renderApiReference, type ApiDocument } from './reference-page';
import { listDeliveries, listHooks, subscribe, unsubscribe } from './webhooks';
import { guards } from '../../http/route-guard';

/** What the token endpoint allows per client address (Zapier refreshes rarely; guessing codes needs many tries). */
const tokenRateLimit = { max: 60, windowSeconds: 60 } as const;

/**
 * RFC 6749 §2.3.1: the client id and secret in HTTP Basic are form-urlencoded first (standard clients encode
 * even `-`); the library compares them as sent, so they are decoded here.
 */
function formDecodedBasicAuth(header: string | undefined): { authorization?: string } {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return {};
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return {};
  try {
    const plain = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { authorization: `Basic ${Buffer.from(`${plain(decoded.slice(0, colon))}:${plain(decoded.slice(colon + 1))}`).toString('base64')}` };
  } catch {
    return {};
  }
}

/**
 * The integrations' HTTP surface: the settings screen's routes (session), the consent screen's two calls
 * (session), the OAuth token endpoint (client credentials) and the public API /api/v1 (bearer tokens only).
 */
export async function registerIntegrationsRoutes(fastify: FastifyInstance, deps: IntegrationsDeps): Promise<void> {
  // The OpenAPI document collects the routes added after it: the tagged ones below (api-document.ts).
  await fastify.register(swagger, apiDocumentOptions(deps.baseUrl));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const zapier = deps.clients.find((client) => client.id === deps.zapierClientId) ?? null;

  // ---- Settings → Integrations (the signed-in user) ----------------------------------------------------
  app.get('/api/integrations', { config: guards.signedIn, schema: { response: { 200: integrationsStatus } } }, async (request): Promise<IntegrationsStatus> => {
    const caller = await request.caller();
    let isConnected = false;
    if (zapier) {
      try {
        isConnected = Boolean(await repository.findGrantOf(deps.db, caller.userId, zapier.id));
      } catch (error) {
        // A failed check is logged and shows "Connect": the screen stays usable.
        request.log.error({ err: error }, 'reading the Zapier connection failed');
      }
    }
    return { zapier: { isAvailable: zapier !== null, isConnected, connectUrl: deps.zapierConnectUrl } };
  });

  app.delete('/api/integrations/zapier', { config: guards.signedIn, schema: { response: { 200: okResponse } } }, async (request) => {
    const caller = await request.caller();
    if (zapier) await repository.deleteGrant(deps.db, caller.userId, zapier.id);
    return { ok: true as const };
  });

  app.get('/api/integrations/api-keys', { config: guards.signedIn, schema: { response: { 200: apiKeyListResponse } } }, async (request) =>
    listApiKeys(deps.db, (await request.caller()).userId),
  );
  app.post('/api/integrations/api-keys', { config: guards.signedIn, schema: { body: createApiKeyInput, response: { 201: createApiKeyResponse } } }, async (request, reply) => {
    const created = await createApiKey(deps, await request.caller(), request.body);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });
  app.delete('/api/integrations/api-keys/:id', { config: guards.signedIn, schema: { params: idParams, response: { 200: okResponse } } }, async (request) => {
    await revokeApiKey(deps.db, (await request.caller()).userId, request.params.id);
    return { ok: true as const };
  });

  app.get('/api/integrations/webhooks', { config: guards.signedIn, schema: { response: { 200: hookListResponse } } }, async (request) =>
    listHooks(deps.webhooks, (await request.caller()).userId),
  );
  app.post('/api/integrations/webhooks', { config: guards.signedIn, schema: { body: createHookInput, response: { 201: createHookResponse } } }, async (request, reply) => {
    const hook = await subscribe(deps.webhooks, { userId: (await request.caller()).userId, apiKeyId: null, grantId: null }, request.body);
    return reply.status(201).header('cache-control', 'no-store').send(hook);
  });
  app.delete('/api/integrations/webhooks/:id', { config: guards.signedIn, schema: { params: idParams, response: { 200: okResponse } } }, async (request) => {
    await unsubscribe(deps.webhooks, (await request.caller()).userId, request.params.id);
    return { ok: true as const };
  });
  app.get('/api/integrations/webhooks/:id/deliveries', { config: guards.signedIn, schema: { params: idParams, response: { 200: deliveryListResponse } } }, async (request) =>
    listDeliveries(deps.webhooks, (await request.caller()).userId, request.params.id),
  );

  // ---- OAuth consent (/oauth in the SPA) ----------------------------------------------------------------
  app.get('/api/oauth/authorize', { config: guards.signedIn, schema: { querystring: oauthAuthorizeQuery, response: { 200: oauthAuthorizeInfo } } }, async (request) => {
    await request.caller();
    return describeAuthorization(deps.clients, request.query);
  });
  app.post(
    '/api/oauth/authorize',
    { config: { guard: { caller: 'signed-in', feature: 'zapier' } }, schema: { body: oauthDecisionInput, response: { 200: oauthDecisionResponse } } },
    async (request) => decideAuthorization(deps.oauth, deps.clients, await request.caller(), request.body),
  );

  // ---- The token endpoint: form-encoded, called by the client's server -----------------------------------
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/oauth/token',
      {
        config: { guard: { caller: 'oauth-client', rateLimit: limitPerAddress(deps.rateLimiter, 'oauth-token', tokenRateLimit) } },
        schema: {
          tags: [apiTags.oauth],
          summary: 'Exchange a code or a refresh token for tokens',
          description:
            'The OAuth 2.0 token endpoint (RFC 6749): `grant_type=authorization_code` with the code, redirect URI and PKCE verifier, or `grant_type=refresh_token`. The client authenticates with HTTP Basic or `client_id` and `client_secret` in the form. Every refresh hands out a new refresh token; an old one presented again revokes the connection.',
          consumes: ['application/x-www-form-urlencoded'],
          body: oauthTokenForm,
          response: {
            200: oauthTokenResponse,
            400: oauthErrorResponse.or(apiErrorBody).describe('The request is not valid, or the code or refresh token is not (invalid_grant).'),
            401: oauthErrorResponse.describe('The client is unknown or its secret is wrong (invalid_client).'),
            ...errorResponses(429),
          },
        },
      },
      async (request, reply) => {
        const { server, library } = await deps.oauth.load();
        const oauthRequest = new library.Request({
          method: request.method,
          headers: { ...(request.headers as Record<string, string>), ...formDecodedBasicAuth(request.headers.authorization) },
          query: {},
          body: request.body,
        });
        const oauthResponse = new library.Response();
        try {
          await server.token(oauthRequest, oauthResponse);
        } catch (error) {
          // The library wrote the RFC 6749 error answer (400 invalid_grant, 401 invalid_client…) into the response.
          if (!(error instanceof library.OAuthError)) throw error;
          if (error.code >= 500) request.log.error({ err: error }, 'OAuth token request failed');
          // A request that is not a form is refused before the library writes its answer (it answered 200 with
          // an empty body): write the refusal here.
          if (!oauthResponse.body || Object.keys(oauthResponse.body as object).length === 0) {
            oauthResponse.status = error.code;
            oauthResponse.body = { error: error.name, error_description: error.message };
          }
        }
        for (const [name, value] of Object.entries(oauthResponse.headers ?? {})) reply.header(name, value);
        return reply
          .status(oauthResponse.status ?? 200)
          .header('cache-control', 'no-store')
          .header('pragma', 'no-cache')
          .send(oauthResponse.body);
      },
    );
  });

  // ---- Public REST API v1: bearer tokens only ------------------------------------------------------------
  const principalOf = (request: FastifyRequest, reply: FastifyReply): Promise<ApiPrincipal> => authenticateApiRequest(deps.apiAccess, request, reply);
  const hookOwner = (principal: ApiPrincipal) => ({
    userId: principal.caller.userId,
    apiKeyId: principal.via.kind === 'api-key' ? principal.via.apiKeyId : null,
    grantId: principal.via.kind === 'oauth' ? principal.via.grantId : null,
  });

  app.get('/api/v1/openapi.json', { config: guards.anyone }, async () => app.swagger());
  app.get('/api/v1/docs', { config: guards.anyone }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', referencePagePolicy)
      .send(renderApiReference(app.swagger() as ApiDocument)),
  );

  const operation = (tag: string, summary: string, description: string, scope: ApiScope | null) => ({
    tags: [tag],
    summary,
    description: describedWithScope(description, scope),
    security: securityOf(scope),
  });

  app.get(
    '/api/v1/me',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.account, 'Who the key or connection belongs to', 'The account behind the token: Zapier uses it to test a connection and to label it.', null),
        response: { 200: meResponse, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { caller } = await principalOf(request, reply);
      return { id: caller.userId, email: caller.email, name: caller.name };
    },
  );

  app.get(
    '/api/v1/cards',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.cards, 'List cards', 'The cards the account may see, newest first (its own; in a team, what its role allows).', 'cards:read'),
        response: { 200: v1CardListResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'cards:read');
      return { cards: await listCards(deps.cards, principal.caller) };
    },
  );
  app.get(
    '/api/v1/cards/:id',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.cards, 'Read a card', 'One card. A card the account may not see answers 404, like one that does not exist.', 'cards:read'),
        params: v1CardParams,
        response: { 200: v1CardResponse, ...errorResponses(...apiErrors, 404) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'cards:read');
      return { card: await getCard(deps.cards, principal.caller, request.params.id) };
    },
  );

  app.get(
    '/api/v1/contacts',
    {
      config: guards.apiToken,
      schema: {
        ...operation(
          apiTags.contacts,
          'List contacts and leads',
          'Newest first, with stable ids. Pass `next_cursor` as `cursor` for the next page; new contacts arriving meanwhile do not shift the pages. `kind=lead` lists only leads.',
          'contacts:read',
        ),
        querystring: v1ContactListQuery,
        response: { 200: v1ContactListResponse, ...errorResponses(...apiErrors) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'contacts:read');
      const page = await listContacts(deps.contacts, principal.caller, {
        sort: 'newest',
        kind: request.query.kind,
        cursor: request.query.cursor,
        pageSize: request.query.limit,
        search: undefined,
        cardId: undefined,
      });
      return { contacts: page.contacts, next_cursor: page.nextCursor };
    },
  );
  app.get(
    '/api/v1/contacts/:id',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.contacts, 'Read a contact', 'One contact with the card it came through.', 'contacts:read'),
        params: v1CardParams,
        response: { 200: v1ContactResponse, ...errorResponses(...apiErrors, 404) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'contacts:read');
      return getContact(deps.contacts, principal.caller, request.params.id);
    },
  );
  app.post(
    '/api/v1/contacts',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.contacts, 'Create a contact', 'Adds a contact, as "Add contact" in the app does (a name or an email is required).', 'contacts:write'),
        body: v1CreateContactInput,
        response: { 201: v1ContactResponse, ...errorResponses(...apiErrors) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'contacts:write');
      return reply.status(201).send(await createContact(deps.contacts, principal.caller, request.body));
    },
  );

  app.get(
    '/api/v1/hooks',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.webhooks, 'List webhook subscriptions', 'Every webhook subscription of the account.', 'webhooks'),
        response: { 200: hookListResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'webhooks');
      return listHooks(deps.webhooks, principal.caller.userId);
    },
  );
  app.post(
    '/api/v1/hooks',
    {
      config: guards.apiToken,
      schema: {
        ...operation(
          apiTags.webhooks,
          'Subscribe a URL to an event',
          `Events: ${webhookEvents.map((event) => `\`${event}\` (${webhookEventLabels[event]}; needs \`${webhookEventScopes[event]}\` too)`).join(', ')}. The answer carries the signing secret once.`,
          'webhooks',
        ),
        body: createHookInput,
        response: { 201: createHookResponse, ...errorResponses(...apiErrors) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'webhooks');
      requireScope(principal, webhookEventScopes[request.body.event]);
      return reply.status(201).send(await subscribe(deps.webhooks, hookOwner(principal), request.body));
    },
  );
  app.delete(
    '/api/v1/hooks/:id',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.webhooks, 'Unsubscribe', 'Removes the subscription; deliveries not yet made are dropped.', 'webhooks'),
        params: idParams,
        response: { 204: z.null().describe('Unsubscribed.'), ...errorResponses(...apiErrors, 404) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'webhooks');
      await unsubscribe(deps.webhooks, principal.caller.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/v1/hooks/:id/deliveries',
    {
      config: guards.apiToken,
      schema: {
        ...operation(apiTags.webhooks, 'Deliveries of a subscription', 'The last 100 deliveries, newest first, with their status and attempts.', 'webhooks'),
        params: idParams,
        response: { 200: deliveryListResponse, ...errorResponses(...apiErrors, 404) },
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, reply);
      requireScope(principal, 'webhooks');
      return listDeliveries(deps.webhooks, principal.caller.userId, request.params.id);
    },
  );
}

