import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { createLocalStorage, type FileStorage } from '../../src/modules/storage/storage-module';
import { fileUpload } from '../multipart';
import { createTestApp, TestClient, type TestApp } from '../test-app';

/*
 * The log keeps no client address, whatever ACCESS_LOG says: not the socket's, not its port, not X-Forwarded-For.
 * By default it has no line per request at all (a public card's visitors leave no trace); ACCESS_LOG=true writes
 * one line per request: method, route, address, status, time. The error log table holds no address either.
 */

/** The client: its socket (a proxy) and the address the proxy saw. Neither may reach the log. */
const proxyAddress = '203.0.113.77';
const clientAddress = '198.51.100.23';

let t: TestApp | undefined;
const folders: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A test app whose log lines (pino, as production writes them) are kept in `lines`. */
async function loggedApp(env: Record<string, string>, storage?: FileStorage) {
  const lines: Record<string, unknown>[] = [];
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info' }, destination);
  t = await createTestApp({ TRUST_PROXY: '1', ...env }, storage ? { logger, storage } : { logger });
  return { lines, text: () => text };
}

/** A visitor behind a proxy: every request carries the proxy's socket address and the client's in X-Forwarded-For. */
const visit = (url: string, method: 'GET' | 'POST' = 'GET') =>
  t!.app.inject({ method, url, remoteAddress: proxyAddress, headers: { 'x-forwarded-for': clientAddress, 'user-agent': 'Mozilla/5.0 (iPhone)' } });

/** A card with a cover image, its vCard and QR codes made: the public page and everything it links to. */
async function publicCard(): Promise<{ card: Card; client: TestClient }> {
  const client = new TestClient(t!.app, proxyAddress);
  await client.register();
  const created = await client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace' });
  expect(created.statusCode, created.body).toBe(201);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const cover = fileUpload(png, 'cover.png', 'image/png');
  const withCover = await client.request('POST', `/api/cards/${created.json().card.id}/images/cover`, cover.body, cover.headers);
  expect(withCover.statusCode, withCover.body).toBe(200);
  while ((await t!.services.jobs.runDue()) > 0);
  return { card: withCover.json().card as Card, client };
}

const publicUrls = (card: Card) => [`/id/${card.id}/`, `/id/${card.id}/contact.vcf`, `/id/${card.id}/qr.svg`, card.coverImage.url!, '/id/no-such-card/'];

function expectNoAddress(text: string) {
  expect(text).not.toContain(proxyAddress);
  expect(text).not.toContain(clientAddress);
  expect(text).not.toMatch(/remoteAddress|remotePort|x-forwarded-for/i);
}

describe('request logs', () => {
  it('by default: no line per request (public pages, vCard, QR, files, the API), and no address anywhere', async () => {
    const log = await loggedApp({});
    const { card, client } = await publicCard();
    for (const url of publicUrls(card)) expect((await visit(url)).statusCode, url).toBeLessThan(500);
    await client.get('/api/me');
    expect(log.lines.filter((line) => 'req' in line || 'res' in line || line.msg === 'request'), log.text()).toEqual([]);
    expect(log.text()).not.toContain(`/id/${card.id}/`);
    expectNoAddress(log.text());
  });

  it('ACCESS_LOG=true: one line per request with method, route, address, status and time; still no address', async () => {
    const log = await loggedApp({ ACCESS_LOG: 'true' });
    const { card } = await publicCard();
    const before = log.lines.length;
    const urls = [...publicUrls(card), '/invite/secret-token-123', '/api/auth/verify-email?token=secret-token-456&callbackURL=/'];
    for (const url of urls) await visit(url);
    const requestLines = log.lines.slice(before).filter((line) => line.msg === 'request');
    expect(requestLines.map((line) => line.url)).toEqual([...publicUrls(card), '/invite/[redacted]', '/api/auth/verify-email?token=[redacted]&callbackURL=/']);
    expect(requestLines[0]).toMatchObject({ level: 30, method: 'GET', route: '/id/:key/', url: `/id/${card.id}/`, status: 200, responseTimeMs: expect.any(Number) });
    expect(requestLines[4]).toMatchObject({ url: '/id/no-such-card/', status: 404 });
    expect(Object.keys(requestLines[0]!).sort()).toEqual(['hostname', 'level', 'method', 'msg', 'pid', 'reqId', 'responseTimeMs', 'route', 'status', 'time', 'url'].sort());
    expect(log.text()).not.toContain('secret-token');
    expectNoAddress(log.text());
  });

  it('an unexpected error: logged and recorded with the address redacted, and without the client address', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-log-'));
    folders.push(root);
    const local = createLocalStorage(root);
    const log = await loggedApp({ ACCESS_LOG: 'true' }, {
      ...local,
      put: async (key, body, contentType) => (key.startsWith('avatars/') ? Promise.reject(new Error('disk full')) : local.put(key, body, contentType)),
    });
    const client = new TestClient(t!.app, proxyAddress);
    await client.register();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000000' } }).png().toBuffer();
    const photo = fileUpload(png, 'me.png', 'image/png');
    const failed = await client.request('POST', '/api/account/photo?token=secret-token-789', photo.body, { ...photo.headers, 'x-forwarded-for': clientAddress });
    expect(failed.statusCode).toBe(500);

    expect(log.lines.find((line) => line.msg === 'unexpected error')).toMatchObject({ level: 50, method: 'POST', url: '/api/account/photo?token=[redacted]' });
    const recorded = await t!.services.database.db.selectFrom('error_log').select(['message', 'context']).execute();
    expect(recorded).toEqual([{ message: 'disk full', context: JSON.stringify({ method: 'POST', url: '/api/account/photo?token=[redacted]' }) }]);
    expect(log.text()).not.toContain('secret-token');
    expectNoAddress(log.text());
  });

  it('ACCESS_LOG takes true or false; anything else stops the start naming it', async () => {
    await expect(createTestApp({ ACCESS_LOG: 'yes' })).rejects.toThrow(/ACCESS_LOG: /);
  });
});
