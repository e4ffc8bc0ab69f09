import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { developmentCredentialsFile } from '../src/modules/wallet/wallet-credentials';
import { buyPro } from './billing-support';
import { TestClient, type TestApp } from './test-app';

/*
 * Independent counterparts of the wallet vendors for tests: a local HTTP/2 server over TLS standing in for
 * APNs (its self-signed certificate made by Debian's openssl), and a local fake of Google's token endpoint and
 * Wallet REST API. Then the steps the wallet tests share: a Pro owner's card, and a device registering for its
 * pass the way Apple's Wallet does.
 */

export interface ApnsRequest {
  path: string;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, made by openssl. */
export function selfSignedLocalhost(): { cert: string; key: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apns-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'), key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An APNs stand-in: answers the first `failFirst` pushes with 503, then 200; records every request. */
export async function startApnsServer(options: { failFirst?: number } = {}) {
  const tls = selfSignedLocalhost();
  const requests: ApnsRequest[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server = http2.createSecureServer({ cert: tls.cert, key: tls.key });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      requests.push({ path: String(headers[':path']), headers, body });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        stream.respond({ ':status': 503, 'content-type': 'application/json' });
        stream.end(JSON.stringify({ reason: 'ServiceUnavailable' }));
        return;
      }
      stream.respond({ ':status': 200, 'apns-id': 'test' });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    ca: tls.cert,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface GoogleRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Google's token endpoint and Wallet API: objects and classes that exist answer PUT with 200 (and are replaced),
 * others with 404; a POSTed class is kept as it was sent.
 */
export async function startGoogleWalletFake(options: { existingObjects?: string[] } = {}) {
  const requests: GoogleRequest[] = [];
  const objects = new Set(options.existingObjects ?? []);
  const classes = new Map<string, unknown>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = request.url ?? '';
      requests.push({ method: request.method ?? '', path: url, headers: request.headers, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url === '/token') return json(200, { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' });
      if (request.headers.authorization !== 'Bearer fake-access-token') return json(401, { error: 'unauthenticated' });
      if (request.method === 'POST' && url === '/walletobjects/v1/genericClass') {
        const posted = JSON.parse(body) as { id: string };
        if (classes.has(posted.id)) return json(409, { error: 'exists' });
        classes.set(posted.id, posted);
        return json(200, posted);
      }
      const classPath = /^\/walletobjects\/v1\/genericClass\/(.+)$/.exec(url);
      if (request.method === 'PUT' && classPath) {
        const id = decodeURIComponent(classPath[1]!);
        if (!classes.has(id)) return json(404, { error: 'not found' });
        classes.set(id, JSON.parse(body));
        return json(200, JSON.parse(body));
      }
      if (request.method === 'POST' && url === '/walletobjects/v1/genericObject') {
        const object = JSON.parse(body) as { id: string };
        if (objects.has(object.id)) return json(409, { error: 'exists' });
        objects.add(object.id);
        return json(200, object);
      }
      const patched = /^\/walletobjects\/v1\/genericObject\/(.+)$/.exec(url);
      if (request.method === 'PUT' && patched) {
        return objects.has(decodeURIComponent(patched[1]!)) ? json(200, JSON.parse(body)) : json(404, { error: 'not found' });
      }
      return json(404, { error: 'unknown' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/walletobjects/v1`,
    requests,
    objects,
    classes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface DevelopmentCredentials {
  apple: { passTypeId: string; teamId: string; wwdr: string; apns: { keyId: string; key: string } };
  google: { issuerId: string; clientEmail: string; privateKey: string };
}
export const developmentCredentials = (app: TestApp) =>
  JSON.parse(fs.readFileSync(path.join(app.services.config.dataDir, developmentCredentialsFile), 'utf8')) as DevelopmentCredentials;

export const fullCard = {
  title: 'Work',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  companyName: 'Engines Ltd',
  phone: '+44 20 7946 0000',
  phones: ['+44 20 7946 0001'],
  email: 'ada@example.com',
  emails: ['ada.l@example.com'],
  address: '12 St James Square, London',
  addresses: ['Ockham Park, Surrey'],
};

/** A Pro owner with one full card whose generated files (and pass) are made. */
export async function proOwnerWithCard(app: TestApp, input: Record<string, unknown> = fullCard) {
  const owner = new TestClient(app.app);
  await owner.register({ name: 'Ada' });
  await buyPro(owner);
  const created = await owner.post('/api/cards', input);
  expect(created.statusCode, created.body).toBe(201);
  const card = created.json().card as Card;
  await app.services.jobs.runDue();
  return { owner, card };
}

/** An APNs device token as devices have them: 32 bytes in hexadecimal, one per seed. */
export const pushTokenOf = (seed: string | number) => crypto.createHash('sha256').update(`push-token-${seed}`).digest('hex');

/** A device's registration for the card's pass (Apple's web service: the pass's token, no cookies, no Origin). */
export function registerDevice(
  app: TestApp,
  card: Pick<Card, 'id'>,
  device: { id: string; pushToken: string; address?: string; token?: string | null },
) {
  const token = device.token === undefined ? app.services.wallet.authTokenOf(card.id) : device.token;
  return app.app.inject({
    method: 'POST',
    url: `/api/wallet/apple/v1/devices/${encodeURIComponent(device.id)}/registrations/${developmentCredentials(app).apple.passTypeId}/${card.id}`,
    headers: { ...(token ? { authorization: `ApplePass ${token}` } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify({ pushToken: device.pushToken }),
    remoteAddress: device.address ?? '127.0.0.1',
  });
}
