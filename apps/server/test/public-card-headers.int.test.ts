import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { createTestApp, TestClient, type TestApp } from './test-app';

// The public card page is written straight to the socket with headers prepared once per page version, outside
// helmet and the compression plugin. These tests pin the complete header set of every variant, so that a
// header lost (or added) on the fast path fails here rather than in a browser.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': phoneAgent, ...headers }, remoteAddress: '203.0.113.9' });

async function publishedCard(): Promise<Card> {
  const client = new TestClient(t.app);
  await client.register({ name: 'Owner Person' });
  const response = await client.post('/api/cards', {
    title: 'Work card',
    name: 'Ada Lovelace',
    jobTitle: 'Head of Analytical Engines',
    description: 'Writes programs for machines that do not exist yet.',
    email: 'ada@example.com',
    links: [{ kind: 'website', url: 'https://example.com', label: '' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

/** Every header the page sends whatever the encoding, helmet's set with the page's own CSP. */
const pageHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src https://www.youtube-nocookie.com; " +
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'content-type': 'text/html; charset=utf-8',
  // A card without a language of its own follows each visitor's: caches keep one copy per language.
  vary: 'accept-encoding, accept-language',
  'content-language': 'en',
  'cache-control': 'no-cache',
};

/** The headers Node adds itself; their values depend on the moment and the connection. */
const perConnection = ['date', 'connection', 'keep-alive'];
const withoutPerConnection = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perConnection.includes(name)));

describe('the public page’s headers', () => {
  it('are the complete set in every encoding and on 304, with the same ETag for the same version', async () => {
    const card = await publishedCard();
    const url = `/id/${card.id}/`;
    const identity = await get(url);
    expect(identity.statusCode).toBe(200);
    const etag = String(identity.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{16}"$/);
    expect(withoutPerConnection(identity.headers)).toEqual({ ...pageHeaders, etag, 'content-length': String(identity.rawPayload.length) });

    const gzip = await get(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.statusCode).toBe(200);
    expect(withoutPerConnection(gzip.headers)).toEqual({ ...pageHeaders, etag, 'content-encoding': 'gzip', 'content-length': String(gzip.rawPayload.length) });
    expect(gunzipSync(gzip.rawPayload).equals(identity.rawPayload)).toBe(true);

    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.statusCode).toBe(200);
    expect(withoutPerConnection(brotli.headers)).toEqual({ ...pageHeaders, etag, 'content-encoding': 'br', 'content-length': String(brotli.rawPayload.length) });
    expect(brotliDecompressSync(brotli.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(brotli.rawPayload.length).toBeLessThan(gzip.rawPayload.length);

    for (const acceptEncoding of ['', 'gzip', 'br']) {
      const notModified = await get(url, { 'if-none-match': etag, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });
      expect(notModified.statusCode, acceptEncoding).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      expect(withoutPerConnection(notModified.headers), acceptEncoding).toEqual({ ...pageHeaders, etag });
    }
    // Another version's tag gets the full page.
    const stale = await get(url, { 'if-none-match': 'W/"AAAAAAAAAAAAAAAA"', 'accept-encoding': 'br' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-encoding']).toBe('br');
  });

  it('follows the q-values of Accept-Encoding', async () => {
    const card = await publishedCard();
    const url = `/id/${card.id}/`;
    const cases: [string, string | undefined][] = [
      ['br', 'br'],
      ['BR;q=1.0', 'br'],
      ['gzip;q=0.8, br;q=0.5', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.000, gzip;q=1', 'gzip'],
      ['gzip;q=0', undefined],
      ['identity', undefined],
      ['deflate', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await get(url, { 'accept-encoding': acceptEncoding });
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
    }
  });

  it('changes the ETag with the card and sends the new page to the old tag', async () => {
    const client = new TestClient(t.app);
    await client.register({ name: 'Owner Person' });
    const created = await client.post('/api/cards', { title: 'Work card', name: 'First Name' });
    const card = created.json().card as Card;
    const url = `/id/${card.id}/`;
    const before = await get(url, { 'accept-encoding': 'br' });
    expect((await client.patch(`/api/cards/${card.id}`, { name: 'Second Name' })).statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Second Name');
  });
});
