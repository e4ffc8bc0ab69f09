import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  oauthTokenForm,
  v1CardListResponse,
  v1CardParams,
  v1CardResponse,
  v1ContactListQuery,
  v1ContactListResponse,
  v1ContactResponse,
  v1CreateContactInput,
  webhookEventScopes,
  type IntegrationsStatus,
} from '@cardstack/shared/integrations/schemas';
import { okResponse } from '@cardstack/shared/account/schemas';
import { getCard, listCards } from '../cards/cards-module';
import { createContact, getContact, listContacts } from '../contacts/contacts-module';
import { limitPerAddress } from '../rate-limit/rate-limit-module';
import { authenticateApiRequest, createApiKey, listApiKeys, requireScope, revokeApiKey, type ApiPrincipal } from './api-access';
import type { IntegrationsDeps } from './integrations-service';
import * as repository from './integrations-repository';
import { decideAuthorization, describeAuthorization } from './oauth-consent';
import { OAuth2Server } from './oauth-server';
import { buildOpenApiDocument } from './openapi';
import { renderApiReference } from './reference-page';
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
      { config: { guard: { caller: 'oauth-client', rateLimit: limitPerAddress(deps.rateLimiter, 'oauth-token', tokenRateLimit) } }, schema: { body: oauthTokenForm } },
      async (request, reply) => {
        const oauthRequest = new OAuth2Server.Request({
          method: request.method,
          headers: { ...(request.headers as Record<string, string>), ...formDecodedBasicAuth(request.headers.authorization) },
          query: {},
          body: request.body,
        });
        const oauthResponse = new OAuth2Server.Response();
        try {
          await deps.oauth.token(oauthRequest, oauthResponse);
        } catch (error) {
          // The library wrote the RFC 6749 error answer (400 invalid_grant, 401 invalid_client…) into the response.
          if (!(error instanceof OAuth2Server.OAuthError)) throw error;
          if (error.code >= 500) request.log.error({ err: error }, 'OAuth token request failed');
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

  app.get('/api/v1/openapi.json', { config: guards.anyone }, async () => buildOpenApiDocument(deps.baseUrl));
  app.get('/api/v1/docs', { config: guards.anyone }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(renderApiReference(deps.baseUrl)));

  app.get('/api/v1/me', { config: { guard: { caller: 'api-token' } }, schema: { response: { 200: meResponse } } }, async (request, reply) => {
    const { caller } = await principalOf(request, reply);
    return { id: caller.userId, email: caller.email, name: caller.name };
  });

  app.get('/api/v1/cards', { config: { guard: { caller: 'api-token' } }, schema: { response: { 200: v1CardListResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'cards:read');
    return { cards: await listCards(deps.cards, principal.caller) };
  });
  app.get('/api/v1/cards/:id', { config: { guard: { caller: 'api-token' } }, schema: { params: v1CardParams, response: { 200: v1CardResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'cards:read');
    return { card: await getCard(deps.cards, principal.caller, request.params.id) };
  });

  app.get('/api/v1/contacts', { config: { guard: { caller: 'api-token' } }, schema: { querystring: v1ContactListQuery, response: { 200: v1ContactListResponse } } }, async (request, reply) => {
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
  });
  app.get('/api/v1/contacts/:id', { config: { guard: { caller: 'api-token' } }, schema: { params: v1CardParams, response: { 200: v1ContactResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'contacts:read');
    return getContact(deps.contacts, principal.caller, request.params.id);
  });
  app.post('/api/v1/contacts', { config: { guard: { caller: 'api-token' } }, schema: { body: v1CreateContactInput, response: { 201: v1ContactResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'contacts:write');
    return reply.status(201).send(await createContact(deps.contacts, principal.caller, request.body));
  });

  app.get('/api/v1/hooks', { config: { guard: { caller: 'api-token' } }, schema: { response: { 200: hookListResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'webhooks');
    return listHooks(deps.webhooks, principal.caller.userId);
  });
  app.post('/api/v1/hooks', { config: { guard: { caller: 'api-token' } }, schema: { body: createHookInput, response: { 201: createHookResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'webhooks');
    requireScope(principal, webhookEventScopes[request.body.event]);
    return reply.status(201).send(await subscribe(deps.webhooks, hookOwner(principal), request.body));
  });
  app.delete('/api/v1/hooks/:id', { config: { guard: { caller: 'api-token' } }, schema: { params: idParams } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'webhooks');
    await unsubscribe(deps.webhooks, principal.caller.userId, request.params.id);
    return reply.status(204).send();
  });
  app.get('/api/v1/hooks/:id/deliveries', { config: { guard: { caller: 'api-token' } }, schema: { params: idParams, response: { 200: deliveryListResponse } } }, async (request, reply) => {
    const principal = await principalOf(request, reply);
    requireScope(principal, 'webhooks');
    return listDeliveries(deps.webhooks, principal.caller.userId, request.params.id);
  });
}

