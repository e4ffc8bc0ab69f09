import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';

export const googleUser = { email: 'google.user@example.com', name: 'Gia Google', sub: 'google-sub-0001' };
/** In the server's data folder: the Google user the mock provider signs in instead of `googleUser`, while it exists. */
export const googleIdentityFile = 'e2e-google-identity.json';
/** The operator of the test instance (ADMIN_EMAILS): the console's browser tests sign up with it. */
export const operatorEmail = 'operator@example.com';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const serverEntry = path.resolve('apps/server/dist/main.js');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.resolve('apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-e2e-'));

  // A local OpenID provider standing in for Google: every sign-in is the same verified Google user, unless a
  // test names another one for a while (`signInToGoogleAs` in support.ts).
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const googleClaims = () => {
    const override = path.join(dataDir, googleIdentityFile);
    const user = fs.existsSync(override) ? (JSON.parse(fs.readFileSync(override, 'utf8')) as typeof googleUser) : googleUser;
    return { sub: user.sub, email: user.email, email_verified: true, name: user.name };
  };
  oidc.service.on('beforeTokenSigning', (token) => void Object.assign(token.payload, googleClaims()));
  oidc.service.on('beforeUserinfo', (userinfo) => void (userinfo.body = googleClaims()));
  let output = '';
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: 'e2e-client',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER: oidc.issuer.url!,
      JOBS_POLL_INTERVAL_MS: '200',
      // Visitor counts reach the dashboard within a second.
      CARD_STATS_FLUSH_SECONDS: '1',
      SIGN_IN_RATE_LIMIT_MAX: '50',
      // The browser, the test runner and this server share two CPUs in CI, where a busy second would be shed
      // with 503 and fail a test that is about something else. Shedding has its own integration tests.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
      // Billing: the built-in test checkout, a clock the billing tests move past a period end, a quote link.
      BILLING_TEST_CLOCK: 'true',
      ENTERPRISE_CONTACT_URL: 'https://sales.example.com/enterprise-quote',
      // Integrations: a Zapier client. Its return address must be https in production; the browser tests answer
      // it themselves (no internet in tests).
      ZAPIER_CLIENT_ID: 'e2e-zapier',
      ZAPIER_CLIENT_SECRET: 'e2e-zapier-secret',
      ZAPIER_REDIRECT_URIS: 'https://zapier-return.example/return',
      // The operator console's operator (physical-cards.spec.ts).
      ADMIN_EMAILS: operatorEmail,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(`${baseUrl}/healthz`, server, () => output);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await oidc.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
