import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { createPageFastPath, plainPageKey } from '../src/modules/public-card/page-fast-path';
import { createTestApp, TestClient, type TestApp } from './test-app';

// The cached page is answered before Fastify (page-fast-path.ts) on a listening server, while app.inject() goes
// through the page route. These tests hold the two to the same bytes and headers, and the fast path to its limits.

let t: TestApp;
let servers: http.Server[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  servers = [];
  await t?.close();
});

const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const perConnection = ['date', 'connection', 'keep-alive'];
const withoutPerConnection = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perConnection.includes(name)));

async function publishedCard(): Promise<Card> {
  const client = new TestClient(t.app);
  await client.register({ name: 'Owner Person' });
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace', email: 'ada@example.com' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

/** A GET over HTTP, the body as sent (undecoded). */
function rawGet(origin: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: { 'user-agent': phoneAgent, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A plain HTTP server that answers only through the fast path, and 599 for whatever it leaves. */
async function fastPathOnly(isBusy = () => false): Promise<string> {
  const answer = createPageFastPath(t.services.publicCard, { trustProxy: false, isBusy });
  const server = http.createServer((request, response) => {
    if (!answer(request, response)) response.writeHead(599).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the public page before Fastify', () => {
  it('sends what the page route sends, in every encoding and on 304, and counts the view', async () => {
    const card = await publishedCard();
    const path = `/id/${card.id}/`;
    // The first view goes through the route and puts the page in memory.
    const first = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': phoneAgent } });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const origin = await fastPathOnly();
    const record = vi.spyOn(t.services.publicCard.stats, 'record');
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'if-none-match': etag },
      { 'accept-encoding': 'br;q=0, gzip' },
      // Another language: rendered on first ask, in either path.
      { 'accept-language': 'ja-JP,ja;q=0.9', 'accept-encoding': 'br' },
      { 'accept-language': 'ar' },
    ];
    for (const headers of variants) {
      const viaRoute = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': phoneAgent, ...headers }, remoteAddress: '203.0.113.9' });
      const early = await rawGet(origin, path, headers);
      expect(early.status, JSON.stringify(headers)).toBe(viaRoute.statusCode);
      expect(withoutPerConnection(early.headers), JSON.stringify(headers)).toEqual(withoutPerConnection(viaRoute.headers));
      expect(early.body.equals(viaRoute.rawPayload), JSON.stringify(headers)).toBe(true);
    }
    // With the source marker in the query, as the route takes it.
    expect((await rawGet(origin, `${path}?s=nfc`, {})).status).toBe(200);
    const early = record.mock.calls.filter(([request]) => request.ip === '127.0.0.1');
    expect(early).toHaveLength(variants.length + 1);
    expect(early.at(-1)?.slice(1)).toEqual([card.id, 'view']);
    expect(early.at(-1)?.[0].url).toBe(`${path}?s=nfc`);
  });

  it('leaves to Fastify what is not a cached page, and everything while the server is busy', async () => {
    const card = await publishedCard();
    const path = `/id/${card.id}/`;
    const origin = await fastPathOnly();
    // Not in memory yet: the route reads and renders it.
    expect((await rawGet(origin, path, {})).status).toBe(599);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await rawGet(origin, path, {})).status).toBe(200);
    for (const other of [`/id/${card.id}`, `/id/${card.id}/contact.vcf`, '/id/unknown-card/', `/id/${card.id}%41/`, '/api/cards', '/']) {
      expect((await rawGet(origin, other, {})).status, other).toBe(599);
    }
    const busy = await fastPathOnly(() => true);
    expect((await rawGet(busy, path, {})).status).toBe(599);
  });

  it('is in front of Fastify on the app’s own server', async () => {
    const card = await publishedCard();
    const path = `/id/${card.id}/`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const record = vi.spyOn(t.services.publicCard.stats, 'record');
    const response = await rawGet(origin, path, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ ip: '127.0.0.1', url: path }), card.id, 'view');
    // Anything else still reaches Fastify on the same server.
    expect((await rawGet(origin, '/api/cards', {})).status).toBe(401);
  });
});

/** Keeps the event loop busy in slices of `sliceMs` for `totalMs`, yielding between slices. */
async function busyFor(totalMs: number, sliceMs: number): Promise<void> {
  const end = Date.now() + totalMs;
  while (Date.now() < end) {
    const sliceEnd = Date.now() + sliceMs;
    while (Date.now() < sliceEnd) {
      // spin: the work a flood of requests would be doing
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the public page while the server sheds load', () => {
  it('is still served when it is in memory (its version read again), and shed when it would be rendered', async () => {
    await t.close();
    // A low bar: the busy loop below shares the event loop with the requests it measures.
    t = await createTestApp({ OVERLOAD_EVENT_LOOP_UTILIZATION: '0.5' });
    const card = await publishedCard();
    const owner = new TestClient(t.app);
    await owner.register({ name: 'Second Owner', email: 'second@example.com' });
    const other = await owner.post('/api/cards', { title: 'Second', name: 'Not viewed yet' });
    expect(other.statusCode, other.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/id/${card.id}/` })).statusCode).toBe(200);
    // Busy in slices for longer than the checks below take, so the guard stays on while they run.
    const busy = busyFor(5_000, 5);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const unknown = await t.app.inject({ method: 'GET', url: '/id/no-such-card/' });
    expect(unknown.statusCode).toBe(503);
    expect(unknown.headers['retry-after']).toBeDefined();
    // Rendering the card not viewed yet is shed.
    expect((await t.app.inject({ method: 'GET', url: `/id/${other.json().card.id}/` })).statusCode).toBe(503);
    // Past the version check's second: the route reads the version, the overload guard lets it through.
    const page = await t.app.inject({ method: 'GET', url: `/id/${card.id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ada Lovelace');
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(503);
    await busy;
  });
});

describe('plainPageKey', () => {
  it('takes /id/{key}/ with letters, digits, - and _ only', () => {
    expect(plainPageKey('/id/AJdtufNGxFO1vYVghYF0/')).toBe('AJdtufNGxFO1vYVghYF0');
    expect(plainPageKey('/id/ada_l-1/?s=qr')).toBe('ada_l-1');
    for (const url of ['/id//', '/id/abc', '/id/a.b/', '/id/a%20b/', '/id/a/b/', '/idx/abc/', `/id/${'a'.repeat(65)}/`, '/', '/id/abc?x=/']) {
      expect(plainPageKey(url), url).toBeNull();
    }
    expect(plainPageKey(`/id/${'a'.repeat(64)}/`)).toBe('a'.repeat(64));
  });
});
