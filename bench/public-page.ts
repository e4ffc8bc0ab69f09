/**
 * The public card page against static servers of the same bytes, on this machine, in one run.
 *
 * Starts the production build (`npm run build` first) on a fresh SQLite data folder, seeds a typical card
 * through the API, then loads /id/{cardId}/ and, as the baselines, nginx (Debian's `nginx-light`, installed
 * here with apt-get when missing and run on a free loopback port with a temporary configuration, one worker
 * like the one Node process) and a bare Node http server, both answering with the page's very bytes and
 * headers. Each is loaded with wrk (bench/wrk.ts: one thread pinned to the second CPU, every server pinned to
 * the first) over loopback at 50 connections, once as a phone asks (`Accept-Encoding: br`) and once without
 * Accept-Encoding (what wrk sends by default). The page runs with the default configuration (LOG_LEVEL info).
 * It is also measured with PUBLIC_PAGE_VERSION_CHECK_MS=0 (one indexed query per request). Prints requests/s,
 * p50/p99 latency and wrk's own CPU use (warning when wrk is the limit), the same-run ratios page/nginx and
 * page/static Node, and the budgets of docs "Hot paths and budgets". Run it on a quiet machine: the load average
 * is printed before every round.
 *
 * Run: npm run bench:public-page [-- seconds rounds]   (default: 3 interleaved rounds of 5 s per target)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, rssMegabytes, seedCardPage, startServer } from './start-server';
import { cpuSeconds, generatorCpu, generatorLimit, generatorNote, loadAverage, pinned, pinProcess, runWrk, serverCpu } from './wrk';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const loadBefore = loadAverage();
const connections = 50;
const warmUpSeconds = 2;
// A phone's browser: the page counts its views (a load generator's own user agent would be skipped as a bot).
const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** How the load generator asks: as a phone's browser that takes brotli, and with no Accept-Encoding at all. */
const encodings = [
  { name: 'br', acceptEncoding: 'br' },
  { name: 'identity', acceptEncoding: null },
] as const;
type EncodingName = (typeof encodings)[number]['name'];

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** wrk's own CPU use, 0–1. */
  generatorCpu: number;
  /** The server's CPU time per answered request, in microseconds: steadier than requests/s on a busy machine. */
  cpuPerRequest: number;
}

/** The process and its children (nginx's worker), for their CPU time. */
function processTree(pid: number): number[] {
  const children = fs.existsSync(`/proc/${pid}/task/${pid}/children`) ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return [pid, ...children.flatMap(processTree)];
}
const treeCpuSeconds = (pid: number) => processTree(pid).reduce((sum, each) => sum + (cpuSeconds(each) ?? 0), 0);

async function load(url: string, duration: number, acceptEncoding: string | null, serverPid: number): Promise<Measurement> {
  const headers: Record<string, string> = { 'user-agent': userAgent, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  const cpuBefore = treeCpuSeconds(serverPid);
  const result = await runWrk({ url, connections, seconds: duration, headers });
  const cpuUsed = treeCpuSeconds(serverPid) - cpuBefore;
  const { connect, read, write, timeout } = result.socketErrors;
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: connect + read + write + timeout,
    non2xx: result.non2xx3xx,
    generatorCpu: result.generatorCpu,
    cpuPerRequest: (cpuUsed / Math.max(1, result.requests)) * 1e6,
  };
}

interface Response {
  status: number;
  body: Buffer;
  /** Every header the response had except those Node sets per connection or per moment. */
  headers: Record<string, string>;
}

/** Headers that depend on the connection or the moment, or that a server computes from the body itself. */
const ownedByServer = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A Node http server in its own process that answers `/<encoding>` with that response's body and headers. */
async function startStaticServer(responses: Record<EncodingName, Response>): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-static-'));
  for (const [name, response] of Object.entries(responses)) {
    fs.writeFileSync(path.join(dir, name), response.body);
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(response.headers));
  }
  const script = `
    const fs = require('node:fs');
    const http = require('node:http');
    const answers = {};
    for (const name of ${JSON.stringify(Object.keys(responses))}) {
      const body = fs.readFileSync(process.argv[1] + '/' + name);
      const headers = { ...JSON.parse(fs.readFileSync(process.argv[1] + '/' + name + '.json', 'utf8')), 'content-length': body.length };
      answers['/' + name] = { body, headers };
    }
    const server = http.createServer((request, response) => {
      const answer = answers[request.url];
      response.writeHead(answer ? 200 : 404, answer ? answer.headers : {});
      response.end(answer ? answer.body : undefined);
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `;
  const [command, args] = pinned(serverCpu, [process.execPath, '-e', script, dir]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { url: `http://127.0.0.1:${port}`, child, dir };
}

const nginxBinary = () => ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((candidate) => fs.existsSync(candidate)) ?? null;

/** nginx, installed from Debian's `nginx-light` when missing (needs root); null when it cannot be had. */
function ensureNginx(): string | null {
  const found = nginxBinary();
  if (found) return found;
  process.stderr.write('nginx is not installed: apt-get install -y nginx-light\n');
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0) process.stderr.write(`installing nginx-light failed (${install.status ?? install.error?.message}); measuring without nginx\n`);
  return nginxBinary();
}

/** nginx quoting: a value in double quotes with its backslashes and quotes escaped. */
const nginxString = (value: string) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/**
 * nginx in the foreground, as the bench's own user (workers too, when that is root), one worker process, serving
 * `/<encoding>` as a file with the response's own headers; its own ETag is off so the page's is sent instead.
 * It adds `Server` and `Last-Modified` of its own (about 60 bytes); the bodies are the page's very bytes.
 */
async function startNginx(binary: string, responses: Record<EncodingName, Response>): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-nginx-'));
  const port = await freePort();
  const locations = Object.entries(responses).map(([name, response]) => {
    fs.writeFileSync(path.join(dir, name), response.body);
    const headers = Object.entries(response.headers).filter(([header]) => header !== 'content-type');
    return [
      `    location = /${name} {`,
      `      default_type ${nginxString(response.headers['content-type'] ?? 'application/octet-stream')};`,
      ...headers.map(([header, value]) => `      add_header ${header} ${nginxString(value)} always;`),
      '    }',
    ].join('\n');
  });
  const user = os.userInfo();
  const config = [
    ...(user.uid === 0 ? ['user root root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    '  etag off;',
    '  server_tokens off;',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_requests 1000000;',
    '  keepalive_timeout 60s;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind}-temp;`),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${dir};`,
    ...locations,
    '  }',
    '}',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  // Pinned before it starts, so that its worker inherits the CPU.
  const [command, args] = pinned(serverCpu, [binary, '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]);
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    try {
      if ((await rawGet(`${url}/identity`, null)).status === 200) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, dir };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  // nginx stops at once on SIGTERM ("fast shutdown"), and so does Node.
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** A production server with one typical card; the page's address and its bytes as a phone receives them. */
async function seededServer(env: Record<string, string>) {
  // Every feature included (no billing): the typical card has a video, which is a paid feature. LOG_LEVEL is
  // the default's (info): the page is measured as it is installed.
  const server = await startServer({ LOG_LEVEL: 'info', BILLING_PROVIDER: 'none', ...env });
  try {
    // Its threads too (the thread pool is made later, from pinned threads, and inherits the CPU).
    pinProcess(server.pid, serverCpu);
    const origin = server.baseUrl;
    const pageUrl = await seedCardPage(origin, { name: 'Bench Owner', email: 'bench@example.com' }, benchCard);
    const responses = {} as Record<EncodingName, Response>;
    for (const encoding of encodings) {
      const response = await rawGet(pageUrl, encoding.acceptEncoding);
      if (response.status !== 200) throw new Error(`the page answered ${response.status}`);
      responses[encoding.name] = response;
    }
    const gzip = await rawGet(pageUrl, 'gzip');
    return { server, pageUrl, responses, gzip };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The bytes on the wire, undecoded (fetch would decode them). */
function rawGet(url: string, acceptEncodingValue: string | null): Promise<Response> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncodingValue ? { 'accept-encoding': acceptEncodingValue } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) if (!ownedByServer.has(name) && value !== undefined) headers[name] = String(value);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers });
        });
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
/** The middle value; of an even number of rounds, the mean of the middle two (not the better one). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
const times = (value: number) => `${value.toFixed(2)}×`;

interface Target {
  name: string;
  url: string;
  acceptEncoding: string | null;
  serverPid: number;
  rounds: Measurement[];
}

function summary(target: Target) {
  const pick = (value: (m: Measurement) => number) => median(target.rounds.map(value));
  const errors = target.rounds.reduce((sum, m) => sum + m.errors + m.non2xx, 0);
  const busiest = Math.max(...target.rounds.map((m) => m.generatorCpu));
  return { requestsPerSecond: pick((m) => m.requestsPerSecond), p50: pick((m) => m.p50), p99: pick((m) => m.p99), errors, generatorCpu: busiest, cpuPerRequest: pick((m) => m.cpuPerRequest) };
}

/** Per round, the first target's requests/s over the second's: the same moment of a busy machine for both. */
const ratiosOf = (page: Target, baseline: Target) => page.rounds.map((m, index) => m.requestsPerSecond / baseline.rounds[index]!.requestsPerSecond);

const line = (name: string, m: ReturnType<typeof summary>) =>
  `  ${name.padEnd(58)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${m.p50.toFixed(2).padStart(5)} ms   p99 ${m.p99.toFixed(2).padStart(5)} ms   server CPU ${m.cpuPerRequest.toFixed(0).padStart(3)} µs/request   ${generatorNote(m)}` +
  (m.errors ? `   (${m.errors} errors or non-2xx)` : '');

// The default: the version a card is at is reused for up to a second per process (a change made through the
// same process shows at once). And the same with the version read from the database on every request.
const servers: Awaited<ReturnType<typeof seededServer>>[] = [];
const baselines: { child: ChildProcess; dir: string }[] = [];
try {
  const nginx = ensureNginx();
  const cached = await seededServer({});
  servers.push(cached);
  const everyRequest = await seededServer({ PUBLIC_PAGE_VERSION_CHECK_MS: '0' });
  servers.push(everyRequest);
  const staticNode = await startStaticServer(cached.responses);
  baselines.push(staticNode);
  const nginxServer = nginx ? await startNginx(nginx, cached.responses) : null;
  if (nginxServer) baselines.push(nginxServer);
  const nginxVersion = nginx ? spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim() : 'nginx: not available';

  const groups = encodings.map((encoding) => {
    const asked = encoding.acceptEncoding ? `Accept-Encoding: ${encoding.acceptEncoding}` : 'no Accept-Encoding';
    const target = (name: string, url: string, serverPid: number): Target => ({ name: `${name} (${asked})`, url, acceptEncoding: encoding.acceptEncoding, serverPid, rounds: [] });
    return {
      encoding,
      asked,
      page: target('cached page', cached.pageUrl, cached.server.pid),
      nginx: nginxServer ? target('nginx, the same bytes', `${nginxServer.url}/${encoding.name}`, nginxServer.child.pid!) : null,
      staticNode: target('static Node http, the same bytes', `${staticNode.url}/${encoding.name}`, staticNode.child.pid!),
    };
  });
  const unreused: Target = { name: 'cached page, version read from the DB every request (br)', url: everyRequest.pageUrl, acceptEncoding: 'br', serverPid: everyRequest.server.pid, rounds: [] };
  const targets = [...groups.flatMap((group) => [group.page, group.nginx, group.staticNode].filter((target) => target !== null)), unreused];

  for (const target of targets) {
    const check = await rawGet(target.url, target.acceptEncoding);
    if (check.status !== 200) throw new Error(`${target.name} answered ${check.status}`);
  }
  for (const target of targets) await load(target.url, warmUpSeconds, target.acceptEncoding, target.serverPid);
  // Interleaved rounds, so that whatever else the machine does meanwhile falls on every target alike.
  const loads: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    loads.push(loadAverage());
    process.stderr.write(`round ${round + 1} of ${rounds}, load average ${loads.at(-1)}\n`);
    for (const target of targets) target.rounds.push(await load(target.url, seconds, target.acceptEncoding, target.serverPid));
  }

  const br = cached.responses.br.body.length;
  const output = [
    `Public card page benchmark — ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average before ${loadBefore}, Node ${process.version}, ${nginxVersion}`,
    `wrk -t1 -c${connections} --latency on CPU ${generatorCpu}, servers on CPU ${serverCpu}; ${rounds} interleaved rounds of ${seconds} s per target after ${warmUpSeconds} s warm-up (medians); load average at each round: ${loads.join(' | ')}`,
    `production build, SQLite, default configuration; nginx with 1 worker; a wrk CPU ≥ ${percent(generatorLimit)} means the generator, not the server, set the figure`,
    `Page /id/{cardId}/: ${kb(cached.responses.identity.body.length)} HTML with inline CSS; on the wire ${kb(br)} brotli, ${kb(cached.gzip.body.length)} gzip; ${Object.keys(cached.responses.br.headers).length + 3} headers`,
  ];
  const budgets: string[] = ['Budgets:', `  first view ≤ 14 KB compressed: ${kb(Math.max(br, cached.gzip.body.length))} — ${verdict(Math.max(br, cached.gzip.body.length) <= 14 * 1024)}`];
  for (const group of groups) {
    const page = summary(group.page);
    output.push(line(group.page.name, page));
    if (group.nginx) output.push(line(group.nginx.name, summary(group.nginx)));
    output.push(line(group.staticNode.name, summary(group.staticNode)));
    const toStatic = ratiosOf(group.page, group.staticNode);
    if (group.nginx) {
      const toNginx = ratiosOf(group.page, group.nginx);
      output.push(`    page/nginx per round: ${toNginx.map(times).join(', ')} → median ${times(median(toNginx))}`);
      budgets.push(`  ${group.asked}: throughput ≥ 0.45× nginx: ${times(median(toNginx))} — ${verdict(median(toNginx) >= 0.45)}`);
    }
    output.push(`    page/static Node per round: ${toStatic.map(times).join(', ')} → median ${times(median(toStatic))}`);
    budgets.push(`  ${group.asked}: throughput ≥ 0.65× static Node: ${times(median(toStatic))} — ${verdict(median(toStatic) >= 0.65)}`);
    budgets.push(`  ${group.asked}: p99 ≤ 5 ms at ${connections} connections: ${page.p99.toFixed(2)} ms — ${verdict(page.p99 <= 5)}`);
  }
  const brGroup = groups[0]!;
  output.push(line(unreused.name, summary(unreused)));
  if (brGroup.nginx) output.push(`    page/nginx per round, version read every request: ${ratiosOf(unreused, brGroup.nginx).map(times).join(', ')} → median ${times(median(ratiosOf(unreused, brGroup.nginx)))}`);
  output.push(`  server RSS after the run: ${rssMegabytes(cached.server.pid).toFixed(0)} MB`, ...budgets, '');
  process.stdout.write(output.join('\n'));
} finally {
  for (const baseline of baselines) {
    await stopChild(baseline.child);
    fs.rmSync(baseline.dir, { recursive: true, force: true });
  }
  for (const server of servers) await server.server.stop();
}
