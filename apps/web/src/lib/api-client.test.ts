import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api } from './api-client';

const card = z.object({ card: z.object({ id: z.string(), title: z.string() }) });

function answer(status: number, body?: string): Response {
  return new Response(body ?? null, { status, headers: { 'content-type': 'application/json' } });
}

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers the parsed body: the schema drops what it does not declare', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, JSON.stringify({ card: { id: 'c1', title: 'Ada', secret: 'x' } })));
    await expect(api.get('/api/cards/c1', card)).resolves.toEqual({ card: { id: 'c1', title: 'Ada' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/cards/c1', { method: 'GET', credentials: 'same-origin', headers: { 'accept-language': 'en' }, body: undefined });
  });

  it('sends JSON bodies, and {} when a POST has none', async () => {
    fetchMock.mockImplementation(async () => answer(200, JSON.stringify({ card: { id: 'c1', title: 'Ada' } })));
    await api.patch('/api/cards/c1', card, { title: 'Ada' });
    await api.post('/api/cards/c1/duplicate', card);
    expect(fetchMock.mock.calls.map(([, init]) => [init?.method, init?.body, init?.headers])).toEqual([
      ['PATCH', '{"title":"Ada"}', { 'accept-language': 'en', 'content-type': 'application/json' }],
      ['POST', '{}', { 'accept-language': 'en', 'content-type': 'application/json' }],
    ]);
  });

  it.each([
    ['a missing field', JSON.stringify({ card: { id: 'c1' } })],
    ['a field of another type', JSON.stringify({ card: { id: 1, title: 'Ada' } })],
    ['no body at all', undefined],
    ['a body that is not JSON', '<html>proxy error</html>'],
  ])('refuses a 2xx answer with %s, with a message a person can act on', async (_case, body) => {
    fetchMock.mockResolvedValueOnce(answer(200, body));
    const error = await failureOf(api.get('/api/cards/c1', card));
    expect(error.code).toBe('unexpected-response');
    expect(error.message).toBe('The server sent an answer this page cannot read. Reload the page and try again.');
  });

  it('reads a 204 as no body, which a schema for "nothing" accepts', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/api/x', z.undefined())).resolves.toBeUndefined();
  });

  it.each([
    ['our error shape, with its fields', 422, { error: { code: 'invalid', message: 'Check the form', fields: { title: 'Too long' } } }, ['invalid', 'Check the form', { title: 'Too long' }]],
    ["Better Auth's flat shape", 401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, ['INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password', {}]],
    ['a body without a message', 502, undefined, ['error', 'Request failed (502).', {}]],
  ])('turns a non-2xx answer in %s into an ApiError', async (_case, status, body, [code, message, fields]) => {
    fetchMock.mockResolvedValueOnce(answer(status, body === undefined ? undefined : JSON.stringify(body)));
    const error = await failureOf(api.get('/api/cards/c1', card));
    expect([error.status, error.code, error.message, error.fields]).toEqual([status, code, message, fields]);
  });

  it('says so when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failureOf(api.get('/api/cards/c1', card));
    expect([error.status, error.code]).toEqual([0, 'network-request-failed']);
  });
});
