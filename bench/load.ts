/**
 * Load and soak: the public card page, the lead form and the signed-in API driven together at fixed arrival
 * rates (autocannon's `overallRate`, with more connections than the rate needs so a slow answer does not hold
 * back the next request: an open model, no coordinated omission while the server keeps up), then an overload
 * phase (a flood of sign-ins, each a password hash) far above what the machine serves, where the server must shed load with 503 + Retry-After instead of
 * queueing without bound.
 *
 * Starts the production build (`npm run build` first) on a fresh SQLite data folder (or PostgreSQL with
 * DATABASE_URL/AUTH_SECRET in the environment). Prints per stream: target and achieved rate, p50/p99/p99.9
 * latency, errors and status codes.
 *
 * Run: npm run bench:load [-- seconds pageRate leadRate apiRate]   (default 60 s at 600, 10 and 60 requests/s)
 */
import autocannon from 'autocannon';
import { rssMegabytes, startServer } from './start-server';

const [seconds = 60, pageRate = 600, leadRate = 10, apiRate = 60] = process.argv.slice(2).map(Number);
const overloadSeconds = 15;

interface Stream {
  name: string;
  rate: number;
  connections: number;
  request: Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body'>;
}

function summary(name: string, rate: number, result: autocannon.Result): string {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  const latency = result.latency as autocannon.Histogram & { p99_9: number };
  return [
    name.padEnd(12),
    `target ${String(rate).padStart(5)}/s`,
    `achieved ${result.requests.average.toFixed(0).padStart(5)}/s`,
    `p50 ${String(latency.p50).padStart(4)} ms`,
    `p99 ${String(latency.p99).padStart(4)} ms`,
    `p99.9 ${String(latency.p99_9).padStart(5)} ms`,
    `errors ${result.errors + result.timeouts}`,
    codes,
  ].join('  ');
}

async function drive(streams: Stream[], duration: number): Promise<autocannon.Result[]> {
  return Promise.all(
    streams.map((stream) =>
      autocannon({
        ...stream.request,
        connections: stream.connections,
        overallRate: stream.rate,
        duration,
        timeout: 10,
      }),
    ),
  );
}

// The limits would answer most of the flood with 429 before any work; the bench measures the work.
const server = await startServer({ LOG_LEVEL: 'error', LEAD_FORM_RATE_LIMIT_MAX: '1000000000', SIGN_IN_RATE_LIMIT_MAX: '1000000000' });
try {
  const origin = server.baseUrl;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Load Owner', email: 'load@example.com', password: 'correct horse battery' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const created = await fetch(`${origin}/api/cards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ title: 'Work card', name: 'Ada Lovelace', email: 'ada@example.com', leadForm: { isEnabled: true, thankYouMessage: '' } }),
  });
  if (created.status !== 201) throw new Error(`creating the card failed: ${created.status} ${await created.text()}`);
  const { card } = (await created.json()) as { card: { id: string } };

  const streams = (scale: number): Stream[] => [
    {
      name: 'public page',
      rate: pageRate * scale,
      connections: Math.max(20, Math.ceil((pageRate * scale) / 20)),
      request: { url: `${origin}/id/${card.id}/`, headers: { 'accept-encoding': 'br, gzip' } },
    },
    {
      name: 'lead form',
      rate: leadRate * scale,
      connections: Math.max(4, Math.ceil((leadRate * scale) / 20)),
      request: {
        url: `${origin}/id/${card.id}/lead`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ name: 'Load Visitor', email: 'visitor@example.com', consent: 'yes', website: '' }).toString(),
      },
    },
    {
      name: 'signed-in API',
      rate: apiRate * scale,
      connections: Math.max(4, Math.ceil((apiRate * scale) / 20)),
      request: { url: `${origin}/api/cards`, headers: { cookie, origin } },
    },
  ];

  console.warn(`steady load: ${seconds} s at ${pageRate} + ${leadRate} + ${apiRate} requests/s (RSS before ${rssMegabytes(server.pid).toFixed(0)} MB)`);
  const steady = await drive(streams(1), seconds);
  steady.forEach((result, index) => console.warn(`  ${summary(streams(1)[index]!.name, streams(1)[index]!.rate, result)}`));
  console.warn(`  RSS after: ${rssMegabytes(server.pid).toFixed(0)} MB`);

  // Overload: the same streams plus a flood of sign-ins (each one a password hash: the most CPU a request can
  // cost), far above what two CPUs can hash.
  const overload: Stream[] = [
    ...streams(1),
    {
      name: 'sign-in flood',
      rate: 400,
      connections: 400,
      request: {
        url: `${origin}/api/auth/sign-in/email`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'load@example.com', password: 'wrong password, hashed anyway' }),
      },
    },
  ];
  console.warn(`overload: ${overloadSeconds} s of the same streams plus ${overload.at(-1)!.rate} sign-ins/s`);
  const flooded = await drive(overload, overloadSeconds);
  flooded.forEach((result, index) => console.warn(`  ${summary(overload[index]!.name, overload[index]!.rate, result)}`));
  const shed = flooded.reduce((sum, result) => sum + (result.statusCodeStats?.['503']?.count ?? 0), 0);
  const answered = await fetch(`${origin}/healthz`);
  console.warn(`  503 (shed) answers: ${shed}; /healthz right after: ${answered.status}; RSS ${rssMegabytes(server.pid).toFixed(0)} MB`);
} finally {
  await server.stop();
}
