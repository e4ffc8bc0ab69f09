/**
 * Webhook fan-out: one lead on a card whose owner has 100 `lead.created` subscriptions. The production build
 * runs (`npm run build` first) with its job runner, as in production; the receiver is a local HTTPS server
 * (a certificate made here with openssl, trusted by the server through NODE_EXTRA_CA_CERTS) that answers 200.
 * Prints the time from the lead form's answer until all deliveries arrived, and the lead request's own time.
 * Run: npm run bench:webhooks [-- hooks]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from './start-server';

const hookCount = Number(process.argv[2] ?? 100);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-tls-'));
const keyFile = path.join(certDir, 'key.pem');
const certFile = path.join(certDir, 'cert.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], {
  stdio: 'ignore',
});

let received = 0;
let allArrived: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => (allArrived = resolve));
const receiver = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200).end();
    received += 1;
    if (received === hookCount) allArrived();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const target = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const server = await startServer({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', NODE_EXTRA_CA_CERTS: certFile, JOBS_POLL_INTERVAL_MS: '200' });
let cookie = '';
async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    redirect: 'manual',
    headers: { origin: server.baseUrl, ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  if (set.length) cookie = set.join('; ');
  return response;
}

try {
  const signUp = await call('POST', '/api/auth/sign-up/email', { name: 'Bench Owner', email: 'bench-owner@example.com', password: 'correct horse battery' });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const key = ((await (await call('POST', '/api/integrations/api-keys', { name: 'bench', scopes: ['webhooks', 'contacts:read'] })).json()) as { token: string }).token;
  for (let index = 0; index < hookCount; index += 1) {
    const response = await call('POST', '/api/v1/hooks', { target_url: `${target}?n=${index}`, event: 'lead.created' }, { authorization: `Bearer ${key}` });
    if (response.status !== 201) throw new Error(`subscribing answered ${response.status} ${await response.text()}`);
  }
  const card = ((await (await call('POST', '/api/cards', { title: 'Bench card', name: 'Bench Owner' })).json()) as { card: { id: string } }).card;
  // Let the new card's own background work (vCard, QR) finish first.
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const leadStart = performance.now();
  const lead = await fetch(`${server.baseUrl}/id/${card.id}/lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ name: 'Bench Lead', email: 'lead@example.com' }),
  });
  const leadMs = performance.now() - leadStart;
  if (lead.status >= 300) throw new Error(`the lead form answered ${lead.status} ${await lead.text()}`);
  const fanOutStart = performance.now();
  await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${received} of ${hookCount} arrived in 120 s`)), 120_000))]);
  const deliveredMs = performance.now() - fanOutStart;

  console.warn(`engine: SQLite (in-process runner, 2 at a time, poll 200 ms); subscriptions: ${hookCount}; receiver: local HTTPS`);
  console.warn(`lead request (stores the lead, queues ${hookCount} deliveries in its transaction): ${ms(leadMs)}`);
  console.warn(`from the lead's answer until all ${hookCount} deliveries arrived: ${ms(deliveredMs)} (${ms(deliveredMs / hookCount)} per delivery)`);
} finally {
  await server.stop();
  receiver.close();
  fs.rmSync(certDir, { recursive: true, force: true });
}
