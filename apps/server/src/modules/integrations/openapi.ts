import { z } from 'zod';
import {
  apiScopes,
  apiScopeLabels,
  createHookInput,
  createHookResponse,
  deliveryListResponse,
  hookListResponse,
  meResponse,
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
  webhookPayload,
  type ApiScope,
} from '@cardstack/shared/integrations/schemas';

/*
 * The public API's description, generated from the same zod schemas the routes validate with (zod's own
 * JSON Schema output, OpenAPI 3.0 flavour), so the document cannot drift from what the server accepts. The
 * human-readable reference page is rendered from this list too.
 */

type Schema = z.ZodType;

export interface ApiOperation {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  description: string;
  scope: ApiScope | null;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: Schema;
  response: { status: number; schema: Schema | null };
}

const hookIdParams = z.object({ id: z.string() });

export const apiOperations: readonly ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/me',
    summary: 'Who the key or connection belongs to',
    description: 'The account behind the token: Zapier uses it to test a connection and to label it.',
    scope: null,
    response: { status: 200, schema: meResponse },
  },
  {
    method: 'get',
    path: '/api/v1/cards',
    summary: 'List cards',
    description: 'The cards the account may see, newest first (its own; in a team, what its role allows).',
    scope: 'cards:read',
    response: { status: 200, schema: v1CardListResponse },
  },
  {
    method: 'get',
    path: '/api/v1/cards/{id}',
    summary: 'Read a card',
    description: 'One card. A card the account may not see answers 404, like one that does not exist.',
    scope: 'cards:read',
    params: v1CardParams,
    response: { status: 200, schema: v1CardResponse },
  },
  {
    method: 'get',
    path: '/api/v1/contacts',
    summary: 'List contacts and leads',
    description:
      'Newest first, with stable ids. Pass `next_cursor` as `cursor` for the next page; new contacts arriving meanwhile do not shift the pages. `kind=lead` lists only leads.',
    scope: 'contacts:read',
    query: v1ContactListQuery,
    response: { status: 200, schema: v1ContactListResponse },
  },
  {
    method: 'get',
    path: '/api/v1/contacts/{id}',
    summary: 'Read a contact',
    description: 'One contact with the card it came through.',
    scope: 'contacts:read',
    params: v1CardParams,
    response: { status: 200, schema: v1ContactResponse },
  },
  {
    method: 'post',
    path: '/api/v1/contacts',
    summary: 'Create a contact',
    description: 'Adds a contact, as "Add contact" in the app does (a name or an email is required).',
    scope: 'contacts:write',
    body: v1CreateContactInput,
    response: { status: 201, schema: v1ContactResponse },
  },
  {
    method: 'get',
    path: '/api/v1/hooks',
    summary: 'List webhook subscriptions',
    description: 'Every webhook subscription of the account.',
    scope: 'webhooks',
    response: { status: 200, schema: hookListResponse },
  },
  {
    method: 'post',
    path: '/api/v1/hooks',
    summary: 'Subscribe a URL to an event',
    description: `Events: ${webhookEvents.map((event) => `\`${event}\` (${webhookEventLabels[event]}; needs \`${webhookEventScopes[event]}\` too)`).join(', ')}. The answer carries the signing secret once.`,
    scope: 'webhooks',
    body: createHookInput,
    response: { status: 201, schema: createHookResponse },
  },
  {
    method: 'delete',
    path: '/api/v1/hooks/{id}',
    summary: 'Unsubscribe',
    description: 'Removes the subscription; deliveries not yet made are dropped.',
    scope: 'webhooks',
    params: hookIdParams,
    response: { status: 204, schema: null },
  },
  {
    method: 'get',
    path: '/api/v1/hooks/{id}/deliveries',
    summary: 'Deliveries of a subscription',
    description: 'The last 100 deliveries, newest first, with their status and attempts.',
    scope: 'webhooks',
    params: hookIdParams,
    response: { status: 200, schema: deliveryListResponse },
  },
];

function jsonSchema(schema: Schema, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parametersOf(operation: ApiOperation): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  for (const [where, object] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (!object) continue;
    const schema = jsonSchema(object, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (schema.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

const errorSchema = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
};

export function buildOpenApiDocument(baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of apiOperations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      summary: operation.summary,
      description: operation.scope ? `${operation.description}\n\nScope: \`${operation.scope}\`.` : operation.description,
      ...(operation.scope ? { security: [{ bearer: [] }, { oauth: [operation.scope] }] } : {}),
      parameters: parametersOf(operation),
      ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } } } : {}),
      responses: {
        [operation.response.status]: operation.response.schema
          ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(operation.response.schema, 'output') } } }
          : { description: 'Done' },
        400: { description: 'The input is not valid', content: { 'application/json': { schema: errorSchema } } },
        401: { description: 'Token missing, expired or revoked (refresh an OAuth token, then retry)', content: { 'application/json': { schema: errorSchema } } },
        403: { description: 'The token lacks the scope, or the plan lacks the feature', content: { 'application/json': { schema: errorSchema } } },
        429: { description: 'Rate limit of the key reached; see Retry-After', content: { 'application/json': { schema: errorSchema } } },
      },
    };
  }
  const scopes = Object.fromEntries(apiScopes.map((scope) => [scope, apiScopeLabels[scope]]));
  return {
    openapi: '3.0.3',
    info: {
      title: 'Cards public API',
      version: '1',
      description:
        'Read cards and contacts, add contacts and subscribe to events. Authenticate with a personal API key (Settings → Integrations) or an OAuth 2.0 access token, as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A personal API key (csk_…) or an OAuth access token.' },
        oauth: {
          type: 'oauth2',
          flows: { authorizationCode: { authorizationUrl: `${baseUrl}/oauth`, tokenUrl: `${baseUrl}/api/oauth/token`, refreshUrl: `${baseUrl}/api/oauth/token`, scopes } },
        },
      },
      schemas: { WebhookPayload: jsonSchema(webhookPayload, 'output') },
    },
    'x-webhooks-signing':
      'Every delivery is a JSON POST signed per Standard Webhooks: headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256 of "id.timestamp.body" with the subscription secret). Answer 2xx to acknowledge, 410 to unsubscribe; anything else is retried with backoff.',
  };
}
