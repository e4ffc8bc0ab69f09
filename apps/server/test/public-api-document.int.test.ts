import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey } from './integrations-support';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The public API's OpenAPI document is made from its routes. An independent validator (the OpenAPI 3.0 JSON
 * Schema, through @seriousme/openapi-schema-validator) checks the document, and every answer the API gives to the
 * requests below — successes and refusals — has its status declared for that operation, as a validating proxy
 * in front of the API would demand.
 */

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let full: string;
let cardsOnly: string;
let cardId: string;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '60' });
  const client = new TestClient(t.app);
  await client.register();
  full = (await createKey(client)).token;
  cardsOnly = (await createKey(client, ['cards:read'], 'Cards only')).token;
  cardId = (await client.post('/api/cards', { title: 'Work', name: 'Ada' })).json().card.id;
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(async () => {
  await t?.close();
});

/** The document's path of a request's URL: ids become `{id}`, the query goes. */
function documentPathOf(url: string): string {
  const path = url.split('?')[0]!;
  return Object.keys(doc.paths).find((candidate) => new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path)) ?? path;
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, body?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { method: method.toLowerCase(), path: documentPathOf(url), status: response.statusCode };
}

describe('the public API document', () => {
  it('is a valid OpenAPI 3.0 document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.0.3');
  });

  it('declares every status the API answers', async () => {
    const answers = [
      await call('GET', '/api/v1/me', full),
      await call('GET', '/api/v1/me', null),
      await call('GET', '/api/v1/me', 'csk_not-a-key'),
      await call('GET', '/api/v1/cards', full),
      await call('GET', '/api/v1/cards', null),
      await call('GET', `/api/v1/cards/${cardId}`, full),
      await call('GET', '/api/v1/cards/unknown-card', full),
      await call('GET', `/api/v1/cards/${'x'.repeat(100)}`, full),
      await call('GET', '/api/v1/contacts', full),
      await call('GET', '/api/v1/contacts', cardsOnly),
      await call('GET', '/api/v1/contacts?limit=100000', full),
      await call('GET', '/api/v1/contacts/unknown-contact', full),
      await call('POST', '/api/v1/contacts', full, { name: 'Grace' }),
      await call('POST', '/api/v1/contacts', full, {}),
      await call('POST', '/api/v1/contacts', cardsOnly, { name: 'Grace' }),
      await call('GET', '/api/v1/hooks', full),
      await call('GET', '/api/v1/hooks', cardsOnly),
      await call('POST', '/api/v1/hooks', full, { target_url: 'not a url', event: 'lead.created' }),
      await call('POST', '/api/v1/hooks', full, { target_url: 'https://93.184.215.14/hook', event: 'lead.created' }),
      await call('DELETE', '/api/v1/hooks/unknown-hook', full),
      await call('GET', '/api/v1/hooks/unknown-hook/deliveries', full),
    ];
    const hook = (await t.app.inject({ method: 'GET', url: '/api/v1/hooks', headers: bearer(full) })).json() as { id: string }[] | { hooks: { id: string }[] };
    const hookId = (Array.isArray(hook) ? hook : hook.hooks)[0]?.id;
    expect(hookId).toBeDefined();
    answers.push(await call('GET', `/api/v1/hooks/${hookId}/deliveries`, full), await call('DELETE', `/api/v1/hooks/${hookId}`, full));
    // The key's rate limit.
    let limited = await call('GET', '/api/v1/me', cardsOnly);
    while (limited.status !== 429) limited = await call('GET', '/api/v1/me', cardsOnly);
    answers.push(limited);
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 201, 204, 400, 401, 403, 404, 429]);
    const undeclared = answers.filter((answer) => !doc.paths[answer.path]?.[answer.method]?.responses[String(answer.status)]);
    expect(undeclared).toEqual([]);
  });

  it('declares the token endpoint and its refusals', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: 'grant_type=authorization_code&code=nothing', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([400, 401]).toContain(refused.statusCode);
    expect(refused.json()).toMatchObject({ error: expect.any(String) });
    expect(doc.paths['/api/oauth/token']?.post?.responses[String(refused.statusCode)]).toBeDefined();
    // A body that is not a form is refused as the RFC says, not answered 200 with nothing.
    const notAForm = await t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'authorization_code' } });
    expect(notAForm.statusCode).toBe(400);
    expect(notAForm.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('application/x-www-form-urlencoded') });
  });

  it('lists only the public API and the token endpoint', () => {
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/v1/') || path === '/api/oauth/token')).toBe(true);
  });
});
