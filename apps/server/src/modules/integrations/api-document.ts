import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '@cardstack/shared/http/api-error';
import { apiScopeLabels, apiScopes, webhookPayload, type ApiScope } from '@cardstack/shared/integrations/schemas';

/*
 * The public API's OpenAPI document is made from its routes (`@fastify/swagger` reads each route's schema, the zod
 * type provider's transform turns the zod schemas into JSON Schema): what a route declares is what the document
 * says, and a route that can answer a status declares it. Routes tagged with one of `apiTags` are in the document;
 * every other route is left out.
 */

export const apiTags = { account: 'Account', cards: 'Cards', contacts: 'Contacts', webhooks: 'Webhooks', oauth: 'OAuth' } as const;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

const errorMeanings: Record<ErrorStatus, string> = {
  400: 'The input is not valid: `error.fields` names each field and what is wrong with it.',
  401: 'The token is missing, expired or revoked (refresh an OAuth token, then retry).',
  403: 'The token lacks the scope, or the account\'s plan lacks the feature.',
  404: 'Nothing with this id that the account may see.',
  409: 'The change conflicts with what exists.',
  429: 'The key\'s or connection\'s rate limit is reached: retry after `Retry-After` seconds.',
};

/** The error answers a route can give, each with the one error body every endpoint answers with. */
export function errorResponses(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, z.ZodType>> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBody.describe(errorMeanings[status])]));
}

/** What every public API route can answer besides its own: a bad request, no valid token, no scope, the rate limit. */
export const apiErrors = [400, 401, 403, 429] as const satisfies readonly ErrorStatus[];

/** The document's description of who may call a route: a bearer API key or an OAuth token with the scope. */
export function securityOf(scope: ApiScope | null): Record<string, string[]>[] {
  return scope ? [{ bearer: [] }, { oauth: [scope] }] : [{ bearer: [] }, { oauth: [] }];
}

/** A route's description, with the scope it needs. */
export const describedWithScope = (description: string, scope: ApiScope | null) => (scope ? `${description}\n\nScope: \`${scope}\`.` : description);

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** A 204 answer has no body: the document says so (`type: 'null'`) instead of describing the zod placeholder. */
function withoutNoContentBodies(route: ReturnType<typeof jsonSchemaTransform>): ReturnType<typeof jsonSchemaTransform> {
  const responses = (route.schema as { response?: Record<string, { description?: string }> } | undefined)?.response;
  const noContent = responses?.['204'];
  if (responses && noContent) responses['204'] = { type: 'null', description: noContent.description ?? 'No content' } as { description?: string };
  return route;
}

export function apiDocumentOptions(baseUrl: string): FastifyDynamicSwaggerOptions {
  return {
    hideUntagged: true,
    transform: (route) => withoutNoContentBodies(jsonSchemaTransform(route)),
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cards public API',
        version: '1',
        description:
          'Read cards and contacts, add contacts and subscribe to events. Authenticate with a personal API key (Settings → Integrations) or an OAuth 2.0 access token, as `Authorization: Bearer <token>`. Webhook deliveries are JSON POSTs signed per Standard Webhooks: headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (v1, HMAC-SHA256 of "id.timestamp.body" with the subscription\'s secret); answer 2xx to acknowledge, 410 to unsubscribe, anything else is retried with backoff. Their body is the `WebhookPayload` schema.',
      },
      servers: [{ url: baseUrl }],
      tags: Object.values(apiTags).map((name) => ({ name })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal API key (csk_…) or an OAuth access token.' },
          oauth: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: `${baseUrl}/oauth`,
                tokenUrl: `${baseUrl}/api/oauth/token`,
                refreshUrl: `${baseUrl}/api/oauth/token`,
                scopes: Object.fromEntries(apiScopes.map((scope) => [scope, apiScopeLabels[scope]])),
              },
            },
          },
        },
        schemas: { WebhookPayload: jsonSchemaOf(webhookPayload) },
      },
    },
  };
}
