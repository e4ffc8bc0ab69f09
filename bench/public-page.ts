/**
 * The public card page against a plain static server of the same bytes, on this machine, in one run.
 *
 * Starts the production build (`npm run build` first) on a fresh SQLite data folder, seeds a typical card
 * through the API, then loads /id/{cardId}/ (brotli, as a phone asks for it) and a bare Node http server that
 * answers every request with that same response body and encoding, each with autocannon over loopback at
 * 50 connections. Prints requests/s and p50/p99 latency of both, their ratio, and the budgets of
 * docs "Hot paths and budgets".
 *
 * Run: npm run bench:public-page [-- seconds]   (default 10 s per measurement, after a 3 s warm-up)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { rssMegabytes, startServer } from './start-server';

const seconds = Number(process.argv[2] ?? 10);
const connections = 50;
const warmUpSeconds = 3;
const acceptEncoding = 'gzip, deflate, br';

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, duration: number): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration, headers: { 'accept-encoding': acceptEncoding } });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A Node http server in its own process that answers every request with `body` and `headers`. */
async function startStaticServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-static-'));
  fs.writeFileSync(path.join(dir, 'body'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const script = `
    const fs = require('node:fs');
    const http = require('node:http');
    const body = fs.readFileSync(process.argv[1] + '/body');
    const headers = { ...JSON.parse(fs.readFileSync(process.argv[1] + '/headers.json', 'utf8')), 'content-length': body.length };
    const server = http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ['-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { url: `http://127.0.0.1:${port}/`, child, dir };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const server = await startServer({ LOG_LEVEL: 'warn', PUBLIC_PAGE_PLAN_CHECK_SECONDS: '10' });
let staticServer: Awaited<ReturnType<typeof startStaticServer>> | null = null;
try {
  const origin = server.baseUrl;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Bench Owner', email: 'bench@example.com', password: 'correct horse battery' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const created = await fetch(`${origin}/api/cards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({
      title: 'Work card',
      name: 'Ada Lovelace',
      jobTitle: 'Head of Analytical Engines',
      companyName: 'Engines & Co. Ltd',
      description: 'Writes programs for machines that do not exist yet. Ask me about the Bernoulli numbers.',
      email: 'ada@example.com',
      emails: ['office@example.com'],
      phone: '+44 20 7946 0958',
      phones: ['+44 7700 900123'],
      address: '12 St James’s Square, London SW1Y 4LB',
      links: [
        { kind: 'website', url: 'https://example.com', label: '' },
        { kind: 'linkedin', url: 'https://www.linkedin.com/in/ada', label: '' },
        { kind: 'instagram', url: '@ada', label: '' },
        { kind: 'whatsapp', url: '+44 7700 900123', label: '' },
        { kind: 'empty', url: 'https://example.com/notes', label: 'Notes on the engine' },
      ],
      widgets: [{ kind: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
      leadForm: { isEnabled: true, thankYouMessage: '' },
    }),
  });
  if (created.status !== 201) throw new Error(`creating the card failed: ${created.status} ${await created.text()}`);
  const { card } = (await created.json()) as { card: { id: string } };
  const pageUrl = `${origin}/id/${card.id}/`;

  const first = await fetch(pageUrl, { headers: { 'accept-encoding': acceptEncoding } });
  if (!first.ok) throw new Error(`the page answered ${first.status}`);
  // Node's fetch decodes the body: ask again with a raw client for the bytes on the wire.
  const onTheWire = await new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(pageUrl, { headers: { 'accept-encoding': 'br' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            headers: { 'content-type': String(response.headers['content-type']), 'content-encoding': String(response.headers['content-encoding']) },
          }),
        );
      }).on('error', reject),
    );
  });
  const raw = Buffer.from(await (await fetch(pageUrl)).arrayBuffer());
  const gzipResponse = await new Promise<number>((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(pageUrl, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve(length));
      }).on('error', reject),
    );
  });

  staticServer = await startStaticServer(onTheWire.body, onTheWire.headers);

  await load(pageUrl, warmUpSeconds);
  const page = await load(pageUrl, seconds);
  const pageRss = rssMegabytes(server.pid);
  await load(staticServer.url, warmUpSeconds);
  const plain = await load(staticServer.url, seconds);

  const ratio = page.requestsPerSecond / plain.requestsPerSecond;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (name: string, m: Measurement) =>
    `  ${name.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(3)} ms   p99 ${String(m.p99).padStart(3)} ms` +
    (m.errors || m.non2xx ? `   (${m.errors} errors, ${m.non2xx} non-2xx)` : '');
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
  process.stdout.write(
    [
      `Public card page benchmark — ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, autocannon ${connections} connections, ${seconds} s each after ${warmUpSeconds} s warm-up, loopback, SQLite`,
      `Page ${pageUrl.replace(origin, '')}: ${kb(raw.length)} HTML with inline CSS; on the wire ${kb(onTheWire.body.length)} brotli, ${kb(gzipResponse)} gzip`,
      row('cached page (production server)', page),
      row('static server, same bytes (Node)', plain),
      `  ratio page/static: ${(ratio * 100).toFixed(0)}%   server RSS after the page run: ${pageRss.toFixed(0)} MB`,
      'Budgets:',
      `  first view ≤ 14 KB compressed: ${kb(Math.max(onTheWire.body.length, gzipResponse))} — ${verdict(Math.max(onTheWire.body.length, gzipResponse) <= 14 * 1024)}`,
      `  throughput ≥ 45% of static: ${(ratio * 100).toFixed(0)}% — ${verdict(ratio >= 0.45)}`,
      `  p99 ≤ 5 ms at ${connections} connections: ${page.p99} ms — ${verdict(page.p99 <= 5)}`,
      '',
    ].join('\n'),
  );
} finally {
  if (staticServer) {
    await stopChild(staticServer.child);
    fs.rmSync(staticServer.dir, { recursive: true, force: true });
  }
  await server.stop();
}
