/**
 * Fair under a crowd, measured with wrk (bench/wrk.ts: wrk on the second CPU, the server pinned to the first).
 *
 * Starts the production build (`npm run build` first) on a fresh SQLite data folder (or PostgreSQL with
 * DATABASE_URL/AUTH_SECRET in the environment), default settings except TRUST_PROXY=127.0.0.1 (the flood's
 * addresses come in X-Forwarded-For) and rate limits high enough that every sign-in of the flood is a password
 * hash (the worst case; the limits would answer most of it with 429 before any work). Then, printing the load
 * average before each phase:
 *
 * 1. Baselines: the public page (50 connections) and the signed-in API (10 connections) alone.
 * 2. A crowd: 1,000 connections on the public page — socket errors and timeouts, requests over 2 s, the share
 *    answered 503 (shed with Retry-After) and the p99.
 * 3. A sign-in flood: 200 connections of wrong passwords, each request from one of 200 client addresses
 *    (X-Forwarded-For, varied by a Lua script), while the public page and then the API are measured as in 1.
 *
 * Run: npm run bench:load [-- seconds]   (default 15 s per phase)
 */
import { rssMegabytes, startServer } from './start-server';
import { generatorNote, loadAverage, pinProcess, runWrk, serverCpu, type WrkResult } from './wrk';

const seconds = Number(process.argv[2] ?? 15);
const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Counts answers by status and, from wrk's latency histogram, the requests over 2 s (wrk prints neither).
 * `extra` is Lua run at the top (e.g. a request function).
 */
const countingScript = (extra = '') => `
${extra}
local statuses = { 200, 201, 204, 301, 302, 303, 304, 400, 401, 403, 404, 429, 500, 503 }
counts = {}
function response(status, headers, body)
  local key = "s" .. status
  _G[key] = (_G[key] or 0) + 1
end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local line = "statuses"
  for _, status in ipairs(statuses) do
    local total = 0
    for _, thread in ipairs(threads) do total = total + (thread:get("s" .. status) or 0) end
    if total > 0 then line = line .. " " .. status .. "=" .. total end
  end
  print(line)
  -- The share of requests above 2 s: the lowest percentile whose latency is over 2,000,000 µs.
  local over = 0
  if latency.max > 2000000 then
    local low, high = 0, 100
    for _ = 1, 40 do
      local middle = (low + high) / 2
      if latency:percentile(middle) > 2000000 then high = middle else low = middle end
    end
    over = math.floor((100 - high) / 100 * summary.requests + 0.5)
    if over == 0 then over = 1 end
  end
  print("over2s " .. over)
end
`;

/** 200 client addresses, one per request in turn, on a JSON sign-in with a wrong password. */
const floodRequest = (body: string) => `
local n = 0
function request()
  n = n + 1
  local headers = {}
  headers["Content-Type"] = "application/json"
  headers["X-Forwarded-For"] = "198.51.100." .. (n % 200 + 1)
  return wrk.format("POST", nil, headers, ${JSON.stringify(body)})
end
`;

interface Phase extends WrkResult {
  statuses: Record<string, number>;
  over2s: number;
}

async function measure(options: Parameters<typeof runWrk>[0]): Promise<Phase> {
  const result = await runWrk({ ...options, script: options.script ?? countingScript() });
  const statuses = Object.fromEntries(
    (/^statuses(.*)$/m.exec(result.scriptOutput)?.[1] ?? '')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string])
      .map(([status, count]) => [status, Number(count)]),
  );
  // No answer within the run: every request took longer than it (wrk then reports latencies of 0).
  const latency = result.requests === 0 ? { p50: Infinity, p75: Infinity, p90: Infinity, p99: Infinity, max: Infinity } : result.latency;
  return { ...result, latency, statuses, over2s: Number(/^over2s (\d+)/m.exec(result.scriptOutput)?.[1] ?? 0) };
}

const errorsOf = (phase: Phase) => Object.values(phase.socketErrors).reduce((sum, count) => sum + count, 0);
const report = (name: string, phase: Phase) =>
  [
    `  ${name.padEnd(30)}`,
    `${phase.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
    `p50 ${phase.latency.p50.toFixed(2)} ms`,
    `p99 ${phase.latency.p99.toFixed(2)} ms`,
    `max ${phase.latency.max.toFixed(0)} ms`,
    `socket errors ${errorsOf(phase)} (timeouts ${phase.socketErrors.timeout})`,
    `over 2 s ${phase.over2s}`,
    Object.entries(phase.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' '),
    generatorNote(phase),
  ].join('  ');
const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');

const server = await startServer({
  LOG_LEVEL: 'info',
  TRUST_PROXY: '127.0.0.1',
  LEAD_FORM_RATE_LIMIT_MAX: '1000000000',
  SIGN_IN_RATE_LIMIT_MAX: '1000000000',
});
try {
  pinProcess(server.pid, serverCpu);
  const origin = server.baseUrl;
  const seed = async (url: string, init: RequestInit) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(url, init);
      if (response.status !== 503 || attempt === 20) return response;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const signUp = await seed(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Load Owner', email: 'load@example.com', password: 'correct horse battery' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const created = await seed(`${origin}/api/cards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ title: 'Work card', name: 'Ada Lovelace', email: 'ada@example.com', leadForm: { isEnabled: true, thankYouMessage: '' } }),
  });
  if (created.status !== 201) throw new Error(`creating the card failed: ${created.status} ${await created.text()}`);
  const { card } = (await created.json()) as { card: { id: string } };

  const page = { url: `${origin}/id/${card.id}/`, headers: { 'user-agent': userAgent, 'accept-encoding': 'br' } };
  const api = { url: `${origin}/api/cards`, headers: { cookie, origin } };
  const flood = {
    url: `${origin}/api/auth/sign-in/email`,
    headers: { origin },
    script: countingScript(floodRequest(JSON.stringify({ email: 'load@example.com', password: 'wrong password, hashed anyway' }))),
  };

  const output = [`Load bench — ${seconds} s per phase; server on CPU ${serverCpu}, wrk on the other; RSS before ${rssMegabytes(server.pid).toFixed(0)} MB`];
  const phase = (title: string) => {
    const line = `${title} (load average ${loadAverage()})`;
    process.stderr.write(`${line}\n`);
    output.push(line);
  };

  // A warm-up, as bench:public-page has: a fresh server compiles its hot paths and loads what the first page view
  // and the first API call need (the development wallet credentials of a new data folder) only now.
  await runWrk({ ...page, connections: 50, seconds: 2 });
  await runWrk({ ...api, connections: 10, seconds: 2 });

  // One wrk each, in turn: both generators share the second CPU when run together.
  phase('baselines, alone');
  const pageAlone = await measure({ ...page, connections: 50, seconds });
  output.push(report('public page, 50 connections', pageAlone));
  const apiAlone = await measure({ ...api, connections: 10, seconds });
  output.push(report('signed-in API, 10 connections', apiAlone));

  phase('a crowd: 1,000 connections on the public page');
  const crowd = await measure({ ...page, connections: 1000, seconds, timeoutSeconds: 10 });
  output.push(report('public page, 1,000 connections', crowd));
  const shed = (crowd.statuses['503'] ?? 0) / Math.max(1, crowd.requests);

  phase('a sign-in flood: 200 connections from 200 addresses, with the page and then the API measured meanwhile');
  // The page and the API in turn, each with the flood alone: measured together, each closed-loop generator
  // would add its own saturating load to what the other sees.
  const during = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pageDuring = await measure({ ...page, connections: 50, seconds });
    const apiDuring = await measure({ ...api, connections: 10, seconds });
    return [pageDuring, apiDuring] as const;
  };
  const [flooded, [pageFlooded, apiFlooded]] = await Promise.all([measure({ ...flood, connections: 200, seconds: 2 * seconds + 2, timeoutSeconds: 10 }), during()]);
  output.push(report('sign-in flood, 200 connections', flooded));
  output.push(report('public page during the flood', pageFlooded));
  if (process.env.BENCH_RAW) output.push(pageFlooded.raw, apiFlooded.raw);
  output.push(report('signed-in API during the flood', apiFlooded));
  const healthz = await fetch(`${origin}/healthz`);
  output.push(`  /healthz right after: ${healthz.status}; RSS ${rssMegabytes(server.pid).toFixed(0)} MB`);

  output.push(
    'Budgets:',
    `  crowd: no socket errors or timeouts: ${errorsOf(crowd)} — ${verdict(errorsOf(crowd) === 0)}`,
    `  crowd: no request over 2 s: ${crowd.over2s} (max ${crowd.latency.max.toFixed(0)} ms) — ${verdict(crowd.over2s === 0)}`,
    `  crowd: 503 (shed) at most 5% of answers: ${(shed * 100).toFixed(1)}% — ${verdict(shed <= 0.05)}`,
    `  flood: public page p99 ≤ 20 ms: ${pageFlooded.latency.p99.toFixed(2)} ms (alone ${pageAlone.latency.p99.toFixed(2)} ms) — ${verdict(pageFlooded.latency.p99 <= 20)}`,
    `  flood: API p99 ≤ 100 ms: ${apiFlooded.latency.p99.toFixed(2)} ms (alone ${apiAlone.latency.p99.toFixed(2)} ms) — ${verdict(apiFlooded.latency.p99 <= 100)}`,
    '',
  );
  process.stdout.write(output.join('\n'));
} finally {
  await server.stop();
}
