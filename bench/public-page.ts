/**
 * The public card page against a plain static server of the same bytes, on this machine, in one run.
 *
 * Starts the production build (`npm run build` first) on a fresh SQLite data folder, seeds a typical card
 * through the API, then loads /id/{cardId}/ (brotli, as a phone asks for it) and a bare Node http server that
 * answers every request with that same response body and encoding, each with autocannon over loopback at
 * 50 connections. The page is measured twice: as configured by default (the card's version reused for up to
 * a second) and with PUBLIC_PAGE_VERSION_CHECK_MS=0 (one indexed query per request). Prints requests/s and
 * p50/p99 latency, the ratio to the static server, and the budgets of docs "Hot paths and budgets".
 *
 * Run: npm run bench:public-page [-- seconds rounds]   (default: 3 interleaved rounds of 5 s per target)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { rssMegabytes, startServer } from './start-server';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const loadBefore = os.loadavg()[0]?.toFixed(1);
const connections = 50;
const warmUpSeconds = 3;
const acceptEncoding = 'gzip, deflate, br';
// A phone's browser: the page counts its views (a load generator's own user agent would be skipped as a bot).
const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, duration: number): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration, headers: { 'accept-encoding': acceptEncoding, 'user-agent': userAgent } });
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

/** A production server with one typical card; the page's address and its bytes as a phone receives them. */
async function seededServer(env: Record<string, string>) {
  // Every feature included (no billing): the typical card has a video, which is a paid feature.
  const server = await startServer({ LOG_LEVEL: 'warn', BILLING_PROVIDER: 'none', ...env });
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
      body: JSON.stringify(benchCard),
    });
    if (created.status !== 201) throw new Error(`creating the card failed: ${created.status} ${await created.text()}`);
    const { card } = (await created.json()) as { card: { id: string } };
    const pageUrl = `${origin}/id/${card.id}/`;
    const brotli = await rawGet(pageUrl, 'br');
    if (brotli.status !== 200) throw new Error(`the page answered ${brotli.status}`);
    return { server, pageUrl, brotli, gzip: await rawGet(pageUrl, 'gzip'), identity: await rawGet(pageUrl, 'identity') };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The bytes on the wire, undecoded (fetch would decode them). */
function rawGet(url: string, acceptEncodingValue: string): Promise<{ status: number; body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncodingValue } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: { 'content-type': String(response.headers['content-type']), 'content-encoding': String(response.headers['content-encoding']) },
          }),
        );
      })
      .on('error', reject);
  });
}

const benchCard = {
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
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');

interface Target {
  name: string;
  url: string;
  rounds: Measurement[];
}

function summary(target: Target) {
  const pick = (value: (m: Measurement) => number) => median(target.rounds.map(value));
  const errors = target.rounds.reduce((sum, m) => sum + m.errors + m.non2xx, 0);
  return { requestsPerSecond: pick((m) => m.requestsPerSecond), p50: pick((m) => m.p50), p99: pick((m) => m.p99), errors };
}

// The default: the version a card is at is reused for up to a second per process (a change made through the
// same process shows at once). And the same with the version read from the database on every request.
const servers: Awaited<ReturnType<typeof seededServer>>[] = [];
let staticServer: Awaited<ReturnType<typeof startStaticServer>> | null = null;
try {
  const cached = await seededServer({});
  servers.push(cached);
  const everyRequest = await seededServer({ PUBLIC_PAGE_VERSION_CHECK_MS: '0' });
  servers.push(everyRequest);
  staticServer = await startStaticServer(cached.brotli.body, cached.brotli.headers);

  const targets: Target[] = [
    { name: 'cached page (version reused ≤ 1 s, the default)', url: cached.pageUrl, rounds: [] },
    { name: 'static Node http server, the same brotli bytes', url: staticServer.url, rounds: [] },
    { name: 'cached page (version read from the DB every request)', url: everyRequest.pageUrl, rounds: [] },
  ];
  for (const target of targets) await load(target.url, warmUpSeconds);
  // Interleaved rounds, so that whatever else the machine does meanwhile falls on every target alike.
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) target.rounds.push(await load(target.url, seconds));
  }
  const [page, plain, unreused] = targets.map(summary) as [ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>];
  const ratios = targets[0]!.rounds.map((m, index) => m.requestsPerSecond / targets[1]!.rounds[index]!.requestsPerSecond);
  const ratiosUnreused = targets[2]!.rounds.map((m, index) => m.requestsPerSecond / targets[1]!.rounds[index]!.requestsPerSecond);
  const ratio = median(ratios);
  const compressed = Math.max(cached.brotli.body.length, cached.gzip.body.length);
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  const line = (name: string, m: ReturnType<typeof summary>) =>
    `  ${name.padEnd(54)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(3)} ms   p99 ${String(m.p99).padStart(3)} ms` +
    (m.errors ? `   (${m.errors} errors or non-2xx)` : '');

  process.stdout.write(
    [
      `Public card page benchmark — ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average before ${loadBefore}, Node ${process.version}`,
      `autocannon ${connections} connections over loopback; ${rounds} interleaved rounds of ${seconds} s per target after ${warmUpSeconds} s warm-up (medians); production build, SQLite`,
      `Page /id/{cardId}/: ${kb(cached.identity.body.length)} HTML with inline CSS; on the wire ${kb(cached.brotli.body.length)} brotli, ${kb(cached.gzip.body.length)} gzip`,
      line(targets[0]!.name, page),
      line(targets[1]!.name, plain),
      line(targets[2]!.name, unreused),
      `  page/static per round: ${ratios.map(percent).join(', ')} → median ${percent(ratio)}` +
        `   (version read every request: ${ratiosUnreused.map(percent).join(', ')} → ${percent(median(ratiosUnreused))})`,
      `  server RSS after the run: ${rssMegabytes(cached.server.pid).toFixed(0)} MB`,
      'Budgets:',
      `  first view ≤ 14 KB compressed: ${kb(compressed)} — ${verdict(compressed <= 14 * 1024)}`,
      `  throughput ≥ 45% of static: ${percent(ratio)} — ${verdict(ratio >= 0.45)}`,
      `  p99 ≤ 5 ms at ${connections} connections: ${page.p99} ms — ${verdict(page.p99 <= 5)}`,
      '',
    ].join('\n'),
  );
} finally {
  if (staticServer) {
    await stopChild(staticServer.child);
    fs.rmSync(staticServer.dir, { recursive: true, force: true });
  }
  for (const server of servers) await server.server.stop();
}
