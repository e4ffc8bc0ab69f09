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

/** A server of the production build, on a free port with a data folder of its own. */
export interface AppServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (`apps/server/dist/main.js`) with the browser tests' settings and `env` on top, at
 * `http://{host}:{free port}`, and waits until it is healthy. A spec may start a second one (another server to
 * move an account to); its address differs by host or port, and `127.0.0.1` keeps its cookies apart from
 * `localhost`'s.
 */
export async function startAppServer(env: Record<string, string> = {}, host = 'localhost'): Promise<AppServer> {
  const serverEntry = path.resolve('apps/server/dist/main.js');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.resolve('apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const port = await freePort();
  const baseUrl = `http://${host}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-e2e-'));
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
      JOBS_POLL_INTERVAL_MS: '200',
      // Visitor counts reach the dashboard within a second.
      CARD_STATS_FLUSH_SECONDS: '1',
      SIGN_IN_RATE_LIMIT_MAX: '50',
      // The browser, the test runner and this server share two CPUs in CI, where a busy second would be shed
      // with 503 and fail a test that is about something else. Shedding has its own integration tests.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(`${baseUrl}/healthz`, server, () => output);
  return {
    baseUrl,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A local OpenID provider standing in for Google: every sign-in is the same verified Google user, unless a
  // test names another one for a while (`signInToGoogleAs` in support.ts). It reads the server's data folder,
  // known once the server starts; the provider is asked only after that.
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  let dataDir = '';
  const googleClaims = () => {
    const override = path.join(dataDir, googleIdentityFile);
    const user = fs.existsSync(override) ? (JSON.parse(fs.readFileSync(override, 'utf8')) as typeof googleUser) : googleUser;
    return { sub: user.sub, email: user.email, email_verified: true, name: user.name };
  };
  oidc.service.on('beforeTokenSigning', (token) => void Object.assign(token.payload, googleClaims()));
  oidc.service.on('beforeUserinfo', (userinfo) => void (userinfo.body = googleClaims()));
  const server = await startAppServer({
    GOOGLE_CLIENT_ID: 'e2e-client',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_ISSUER: oidc.issuer.url!,
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
  });
  dataDir = server.dataDir;

  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;

  return async () => {
    await server.stop();
    await oidc.stop();
  };
}
