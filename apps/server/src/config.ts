import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  allPriceSelections,
  priceIdConfigFrom,
  priceIdConfigSchema,
  type PriceIdConfig,
  type PriceSelection,
} from '@cardstack/shared/plans/prices';
import { makePrivateDir, privateFileMode } from './data-dir';
import { parseTrustProxy, type TrustProxySetting } from './http/client-address';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** The Stripe price id variable of each plan, period and Teams size: STRIPE_PRICE_PRO_MONTH, STRIPE_PRICE_TEAM_10_YEAR... */
function stripePriceVariable(selection: PriceSelection): string {
  return selection.plan === 'subscribed'
    ? `STRIPE_PRICE_PRO_${selection.period.toUpperCase()}`
    : `STRIPE_PRICE_TEAM_${selection.tier}_${selection.period.toUpperCase()}`;
}
const stripePriceVariables = allPriceSelections().map(stripePriceVariable);

/** TRUST_PROXY: read by `parseTrustProxy`, which refuses "trust everyone" and anything that is no proxy address. */
const trustProxySetting = optionalString.transform((value, ctx): TrustProxySetting => {
  const parsed = parseTrustProxy(value);
  if ('setting' in parsed) return parsed.setting;
  ctx.addIssue({ code: 'custom', message: parsed.refusal });
  return z.NEVER;
});

export const billingProviders = ['stripe', 'test', 'none'] as const;
export type BillingProvider = (typeof billingProviders)[number];

/** localhost, 127.0.0.0/8 and ::1: a developer's machine or a test, never a deployment others reach. */
export function isLocalhostUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * A certificate, key or service-account JSON: the value itself (PEM text starting `-----BEGIN`, JSON starting
 * `{`) or the path of a file holding it, read once at start-up.
 */
const textOrFile = optionalString.transform((value, ctx): string | undefined => {
  if (value === undefined) return undefined;
  // PEM in one environment line often arrives with its line breaks written as \n.
  if (value.startsWith('-----BEGIN')) return value.replace(/\\n/g, '\n');
  if (value.startsWith('{')) return value;
  try {
    return fs.readFileSync(value, 'utf8');
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be the PEM/JSON text itself or the path of a readable file (cannot read ${value})` });
    return z.NEVER;
  }
});

/** The marker that starts an MMDB file's metadata, within its last 128 KiB (MaxMind DB format 2.0). */
const mmdbMetadataMarker = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);
const mmdbMetadataWindow = 128 * 1024;

/**
 * GEOIP_DATABASE_PATH: a MaxMind-format country (or city) database. Checked here so a wrong path stops the start
 * with a clear message rather than leaving the dashboard silently without countries; the reader library itself
 * is loaded only when the app starts with a database.
 */
const geoipDatabasePath = optionalString.transform((value, ctx): string | undefined => {
  if (value === undefined) return undefined;
  const file = path.resolve(value);
  let handle: number | undefined;
  try {
    const { size } = fs.statSync(file);
    handle = fs.openSync(file, 'r');
    const length = Math.min(size, mmdbMetadataWindow);
    const tail = Buffer.alloc(length);
    fs.readSync(handle, tail, 0, length, size - length);
    if (tail.lastIndexOf(mmdbMetadataMarker) < 0) {
      ctx.addIssue({ code: 'custom', message: `${file} is no MaxMind DB (.mmdb) file: download a country database such as GeoLite2-Country or DB-IP's IP to Country Lite in MMDB format` });
      return z.NEVER;
    }
    return file;
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be the path of a readable .mmdb database file (cannot open ${file})` });
    return z.NEVER;
  } finally {
    if (handle !== undefined) fs.closeSync(handle);
  }
});

function checkWalletCredential(ctx: z.RefinementCtx, name: string, check: () => unknown, what: string): void {
  try {
    check();
  } catch (error) {
    ctx.addIssue({ code: 'custom', path: [name], message: `must be ${what} (${error instanceof Error ? error.message : String(error)})` });
  }
}

const appleWalletVariables = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_SIGNER_CERT', 'APPLE_SIGNER_KEY', 'APPLE_WWDR_CERT'] as const;

/** Every setting the server reads. `.env.example` documents each one; keep the two in step. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    BASE_URL: optionalString.pipe(z.string().url('must be a URL such as https://cards.example.com').optional()),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
    ),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    TRUST_PROXY: trustProxySetting,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // One log line per request (method, route, address, status, time; never the client's address). Off: none.
    ACCESS_LOG: booleanFlag,
    WEB_DIST_DIR: optionalString,
    // Google sign-in (OpenID Connect). Enabled when both id and secret are set.
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
    // Sign-in rate limit: attempts per window per IP.
    SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    // Mail: SMTP when SMTP_URL is set, else the local mailbox under DATA_DIR/mailbox.
    SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
    MAIL_FROM: z.string().default('Cards <no-reply@localhost>'),
    // Sent mail keeps its record but loses the address and data after this many days.
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    // Background jobs: how often an idle runner looks for due jobs; how long the error log is kept.
    JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
    ERROR_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
    // File storage: an S3-compatible bucket when S3_BUCKET is set, else files under DATA_DIR/files.
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalString.pipe(
      z.string().regex(/^https?:\/\/[^/]+/, 'must be a URL such as https://s3.example.com').optional(),
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: booleanFlag,
    // Payments: stripe (real money), test (the built-in test checkout, no money moves) or none (no plans at all:
    // every account has every feature). Unset: test while BASE_URL is a localhost address, else start-up stops.
    BILLING_PROVIDER: optionalString.pipe(z.enum(billingProviders, { message: 'must be stripe, test or none' }).optional()),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)').optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional()),
    ...Object.fromEntries(stripePriceVariables.map((name) => [name, optionalString])),
    // Where the Stripe SDK sends its requests; only tests point it at a local fake.
    STRIPE_API_HOST: optionalString,
    STRIPE_API_PORT: optionalString.pipe(z.string().regex(/^\d+$/, 'must be a port number').transform(Number).optional()),
    STRIPE_API_PROTOCOL: optionalString.pipe(z.enum(['http', 'https']).optional()),
    // The business contact form the pricing screen's "Get a quote" opens (Teams with more than 250 cards).
    ENTERPRISE_CONTACT_URL: optionalString.pipe(
      z.string().regex(/^(https?:\/\/[^/\s]+|mailto:\S+@\S+)/, 'must be an https:// link or a mailto: address').optional(),
    ),
    // The operators of this instance (the /admin console and every operator action): comma-separated addresses.
    // An address counts once its owner has confirmed it; `npm run admin -- promote <email>` adds others.
    ADMIN_EMAILS: optionalString.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean))
        .pipe(z.array(z.string().email('must be a comma-separated list of email addresses')))
        .optional(),
    ),
    // The public custom design and quote forms: submissions per client address per hour.
    DESIGN_FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
    // Done and rejected design and quote requests (with their files) are deleted this many days after their last change.
    DESIGN_REQUEST_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
    // Public card page: lead form submissions per IP per window; rendered pages kept in memory; how long an
    // owner's plan status (which cards are blocked) is reused; how often visitor counts are written.
    LEAD_FORM_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    LEAD_FORM_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    PUBLIC_PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
    PUBLIC_PAGE_PLAN_CHECK_SECONDS: z.coerce.number().min(0).default(10),
    PUBLIC_PAGE_VERSION_CHECK_MS: z.coerce.number().int().min(0).default(1000),
    CARD_STATS_FLUSH_SECONDS: z.coerce.number().min(0.05).default(5),
    // Insights: top countries, from the operator's local GeoIP database (a MaxMind-format .mmdb file); unset: none.
    GEOIP_DATABASE_PATH: geoipDatabasePath,
    // Overload: above this mean event-loop delay, or this share of a second spent busy, every request gets
    // 503 with Retry-After at once (0: off).
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(200),
    OVERLOAD_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0.98),
    // Password hashes computed at once per process, and how many may wait; one more gets 503 with Retry-After.
    OVERLOAD_PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(1).default(2),
    OVERLOAD_PASSWORD_HASHES_WAITING: z.coerce.number().int().min(0).default(16),
    // Lets a signed-in user move the billing clock forward (browser tests); on in NODE_ENV=test only.
    BILLING_TEST_CLOCK: booleanFlag,
    // Card scanner: "Improve with AI" through an OpenAI-compatible chat-completions endpoint (off unless URL and
    // model are set). Only the OCR text is sent, and the card's photo too when SCANNER_LLM_VISION is on.
    SCANNER_LLM_URL: optionalString.pipe(z.string().regex(/^https?:\/\/[^/\s]+/, 'must be a URL such as http://localhost:11434/v1').optional()),
    SCANNER_LLM_MODEL: optionalString,
    SCANNER_LLM_API_KEY: optionalString,
    SCANNER_LLM_VISION: booleanFlag,
    SCANNER_LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
    // Wallet passes. Apple: pass type id, team id, the Pass Type ID certificate and its key (+ passphrase), Apple's
    // WWDR G4 certificate, and for updates the APNs key id + .p8 key. Google: issuer id + service-account JSON.
    // Certificates and keys are the text itself or a file path. Without them, throwaway development credentials
    // are made once in DATA_DIR (unless WALLET_DEVELOPMENT_CREDENTIALS=false).
    APPLE_PASS_TYPE_ID: optionalString.pipe(z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a pass type identifier such as pass.com.example.cards').optional()),
    APPLE_TEAM_ID: optionalString.pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team identifier').optional()),
    APPLE_SIGNER_CERT: textOrFile,
    APPLE_SIGNER_KEY: textOrFile,
    APPLE_SIGNER_KEY_PASSPHRASE: optionalString,
    APPLE_WWDR_CERT: textOrFile,
    APPLE_APNS_KEY_ID: optionalString.pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id of the APNs key').optional()),
    APPLE_APNS_KEY: textOrFile,
    // Where pass-update pushes go (Apple's production APNs); tests point it at a local HTTP/2 server.
    APPLE_APNS_URL: z.string().url().default('https://api.push.apple.com'),
    // An extra CA certificate (PEM or path) trusted for the APNs connection only: a local test server, a proxy.
    APPLE_APNS_CA: textOrFile,
    GOOGLE_WALLET_ISSUER_ID: optionalString.pipe(z.string().regex(/^\d+$/, 'must be the numeric issuer id of the Google Wallet console').optional()),
    GOOGLE_WALLET_SERVICE_ACCOUNT: textOrFile,
    // The Wallet REST API (objects are inserted and patched there); tests point it at a local fake.
    GOOGLE_WALLET_API_URL: z.string().url().default('https://walletobjects.googleapis.com/walletobjects/v1'),
    WALLET_DEVELOPMENT_CREDENTIALS: z.enum(['true', 'false', '1', '0', '']).optional().transform((value) => value !== 'false' && value !== '0'),
    // Devices one Apple pass may have registered for updates: a popular card is in hundreds to a thousand
    // wallets (a phone, maybe a watch, per visitor); a new device past it is refused, so a flood of fake
    // registrations cannot make each card save wake without bound.
    WALLET_DEVICES_PER_PASS: z.coerce.number().int().min(1).default(2000),
    // Integrations: the Zapier OAuth client the operator registered (all three or none), where the settings
    // tile's "Connect" leads, the public API's limit per key, and whether webhooks may call private addresses.
    ZAPIER_CLIENT_ID: optionalString,
    ZAPIER_CLIENT_SECRET: optionalString,
    ZAPIER_REDIRECT_URIS: optionalString,
    ZAPIER_CONNECT_URL: optionalString.pipe(z.string().regex(/^https?:\/\/[^/\s]+/, 'must be an https:// link').optional()),
    API_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
    API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanFlag,
  })
  .superRefine((env, ctx) => {
    // A PostgreSQL deployment may run several processes; each would make up its own secret for DATA_DIR and
    // refuse the sessions the others signed.
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message:
          'set AUTH_SECRET (at least 32 random characters, e.g. `openssl rand -base64 32`) when DATABASE_URL is set: every process on the database must sign sessions with the same secret',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable Google sign-in, or neither',
      });
    }
    if (Boolean(env.SCANNER_LLM_URL) !== Boolean(env.SCANNER_LLM_MODEL)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SCANNER_LLM_URL ? 'SCANNER_LLM_MODEL' : 'SCANNER_LLM_URL'],
        message: 'set both SCANNER_LLM_URL and SCANNER_LLM_MODEL to offer "Improve with AI" in the card scanner, or neither',
      });
    }
    const zapierSet = [env.ZAPIER_CLIENT_ID, env.ZAPIER_CLIENT_SECRET, env.ZAPIER_REDIRECT_URIS].filter(Boolean).length;
    if (zapierSet !== 0 && zapierSet !== 3) {
      const missing = (['ZAPIER_CLIENT_ID', 'ZAPIER_CLIENT_SECRET', 'ZAPIER_REDIRECT_URIS'] as const).find((name) => !env[name]);
      ctx.addIssue({ code: 'custom', path: [missing ?? 'ZAPIER_CLIENT_ID'], message: 'set ZAPIER_CLIENT_ID, ZAPIER_CLIENT_SECRET and ZAPIER_REDIRECT_URIS to connect Zapier, or none of them' });
    }
    // The authorization code travels to these addresses: over TLS only. A developer's machine may take it over
    // plain http on its own loopback address, never a production server.
    const isProduction = env.NODE_ENV === 'production';
    for (const uri of (env.ZAPIER_REDIRECT_URIS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
      const protocol = URL.canParse(uri) ? new URL(uri).protocol : null;
      if (protocol === 'https:' || (protocol === 'http:' && !isProduction && isLocalhostUrl(uri))) continue;
      const allowed = isProduction ? 'absolute https:// URLs' : 'absolute https:// URLs (http:// only on localhost outside production)';
      ctx.addIssue({ code: 'custom', path: ['ZAPIER_REDIRECT_URIS'], message: `must be comma-separated ${allowed} (not: ${uri})` });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the default AWS credential chain)',
      });
    }
    const appleSet = appleWalletVariables.filter((name) => env[name]);
    if (appleSet.length > 0 && appleSet.length < appleWalletVariables.length) {
      for (const name of appleWalletVariables.filter((variable) => !env[variable])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `Apple Wallet needs ${appleWalletVariables.join(', ')} together (or none: development credentials)` });
      }
    }
    if (Boolean(env.APPLE_APNS_KEY_ID) !== Boolean(env.APPLE_APNS_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.APPLE_APNS_KEY_ID ? 'APPLE_APNS_KEY' : 'APPLE_APNS_KEY_ID'], message: 'set both APPLE_APNS_KEY_ID and APPLE_APNS_KEY (the .p8 key) to push pass updates, or neither' });
    }
    if (env.APPLE_APNS_KEY_ID && appleSet.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['APPLE_APNS_KEY_ID'], message: 'the APNs key pushes updates of real passes: set the Apple pass certificates too' });
    }
    if (env.APPLE_SIGNER_CERT) checkWalletCredential(ctx, 'APPLE_SIGNER_CERT', () => new crypto.X509Certificate(env.APPLE_SIGNER_CERT!), 'a PEM certificate');
    if (env.APPLE_WWDR_CERT) checkWalletCredential(ctx, 'APPLE_WWDR_CERT', () => new crypto.X509Certificate(env.APPLE_WWDR_CERT!), 'a PEM certificate (Apple WWDR G4)');
    if (env.APPLE_SIGNER_KEY) {
      checkWalletCredential(ctx, 'APPLE_SIGNER_KEY', () => crypto.createPrivateKey({ key: env.APPLE_SIGNER_KEY!, passphrase: env.APPLE_SIGNER_KEY_PASSPHRASE }), 'a PEM private key (with APPLE_SIGNER_KEY_PASSPHRASE when encrypted)');
    }
    if (env.APPLE_APNS_KEY) checkWalletCredential(ctx, 'APPLE_APNS_KEY', () => crypto.createPrivateKey(env.APPLE_APNS_KEY!), 'the .p8 key (PEM) of the APNs key');
    if (Boolean(env.GOOGLE_WALLET_ISSUER_ID) !== Boolean(env.GOOGLE_WALLET_SERVICE_ACCOUNT)) {
      ctx.addIssue({ code: 'custom', path: [env.GOOGLE_WALLET_ISSUER_ID ? 'GOOGLE_WALLET_SERVICE_ACCOUNT' : 'GOOGLE_WALLET_ISSUER_ID'], message: 'set both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT, or neither (development credentials)' });
    }
    if (env.GOOGLE_WALLET_SERVICE_ACCOUNT) {
      checkWalletCredential(ctx, 'GOOGLE_WALLET_SERVICE_ACCOUNT', () => {
        const account = JSON.parse(env.GOOGLE_WALLET_SERVICE_ACCOUNT!) as { client_email?: unknown; private_key?: unknown };
        if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') throw new Error('client_email and private_key are missing');
        crypto.createPrivateKey(account.private_key);
      }, 'a service-account JSON key (client_email, private_key)');
    }
    // security-auth: no deployment hands out paid plans for free by accident.
    const baseUrl = env.BASE_URL ?? `http://localhost:${env.PORT}`;
    const provider = env.BILLING_PROVIDER;
    if (!URL.canParse(baseUrl)) return;
    if (!provider && (env.STRIPE_SECRET_KEY || !isLocalhostUrl(baseUrl))) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_PROVIDER'],
        message: env.STRIPE_SECRET_KEY
          ? 'set BILLING_PROVIDER=stripe to take payments with Stripe (or test / none)'
          : 'set BILLING_PROVIDER to stripe (payments), none (every account has every feature) or test (the built-in test checkout: anyone can give themselves any plan)',
      });
    }
    if (provider === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'BILLING_PROVIDER=stripe needs the Stripe secret key (sk_live_… or sk_test_…)' });
    }
    if (env.BILLING_TEST_CLOCK && (provider === 'stripe' || provider === 'none' || !isLocalhostUrl(baseUrl))) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_TEST_CLOCK'],
        message: 'the billing test clock lets users move billing time; it is refused in production (a BASE_URL that is not localhost, or BILLING_PROVIDER stripe/none)',
      });
    }
    if (env.STRIPE_SECRET_KEY && provider !== 'test' && provider !== 'none') {
      if (!env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'set the signing secret of the webhook endpoint $BASE_URL/api/billing/stripe/webhook: without it no payment reaches the app',
        });
      }
      const prices = env as unknown as Record<string, string | undefined>;
      for (const name of stripePriceVariables) {
        if (!prices[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'set the Stripe price id (price_…) of this plan, or unset STRIPE_SECRET_KEY' });
      }
      const checked = priceIdConfigSchema.safeParse(stripePriceIds(prices));
      if (!checked.success && stripePriceVariables.every((name) => prices[name])) {
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['STRIPE_PRICE_*'], message: issue.message });
      }
    }
  });

function stripePriceIds(env: Record<string, string | undefined>): PriceIdConfig {
  return priceIdConfigFrom((selection) => env[stripePriceVariable(selection)] ?? '');
}

export type Config = ReturnType<typeof buildConfig>;

export class ConfigError extends Error {}

/** Validates the environment once, at start-up; the message names every wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return buildConfig(parsed.data);
}

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
    billingProvider: env.BILLING_PROVIDER ?? ('test' as BillingProvider),
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG,
    webDistDir: env.WEB_DIST_DIR,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : undefined,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT_MAX, windowSeconds: env.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retentionDays: env.MAIL_RETENTION_DAYS },
    jobs: { pollIntervalMs: env.JOBS_POLL_INTERVAL_MS },
    errorLogRetentionDays: env.ERROR_LOG_RETENTION_DAYS,
    storage: {
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    stripe:
      env.STRIPE_SECRET_KEY && (env.BILLING_PROVIDER ?? 'stripe') === 'stripe'
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            priceIds: stripePriceIds(env as unknown as Record<string, string | undefined>),
            api: { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: env.STRIPE_API_PROTOCOL },
          }
        : undefined,
    enterpriseContactUrl: env.ENTERPRISE_CONTACT_URL ?? null,
    adminEmails: env.ADMIN_EMAILS ?? [],
    designFormRateLimit: { max: env.DESIGN_FORM_RATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 },
    designRequestRetentionDays: env.DESIGN_REQUEST_RETENTION_DAYS,
    overload: { maxEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS, maxEventLoopUtilization: env.OVERLOAD_EVENT_LOOP_UTILIZATION },
    passwordHashes: { inProgress: env.OVERLOAD_PASSWORD_HASHES_AT_ONCE, waiting: env.OVERLOAD_PASSWORD_HASHES_WAITING },
    publicPage: {
      leadRateLimit: { max: env.LEAD_FORM_RATE_LIMIT_MAX, windowSeconds: env.LEAD_FORM_RATE_LIMIT_WINDOW_SECONDS },
      cacheEntries: env.PUBLIC_PAGE_CACHE_ENTRIES,
      planCheckMs: env.PUBLIC_PAGE_PLAN_CHECK_SECONDS * 1000,
      versionCheckMs: env.PUBLIC_PAGE_VERSION_CHECK_MS,
      statsFlushMs: env.CARD_STATS_FLUSH_SECONDS * 1000,
    },
    geoipDatabasePath: env.GEOIP_DATABASE_PATH ?? null,
    integrations: {
      zapier:
        env.ZAPIER_CLIENT_ID && env.ZAPIER_CLIENT_SECRET && env.ZAPIER_REDIRECT_URIS
          ? {
              clientId: env.ZAPIER_CLIENT_ID,
              clientSecret: env.ZAPIER_CLIENT_SECRET,
              redirectUris: env.ZAPIER_REDIRECT_URIS.split(',').map((entry) => entry.trim()).filter(Boolean),
            }
          : null,
      zapierConnectUrl: env.ZAPIER_CONNECT_URL ?? 'https://zapier.com/apps',
      apiRateLimit: { max: env.API_RATE_LIMIT_MAX, windowSeconds: env.API_RATE_LIMIT_WINDOW_SECONDS },
      // Webhook targets: https only in production; private and loopback addresses only when the operator allows.
      webhooks: { requireHttps: env.NODE_ENV === 'production', allowPrivateTargets: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS },
    },
    isBillingTestClockEnabled: (env.BILLING_PROVIDER ?? 'test') === 'test' && (env.NODE_ENV === 'test' || env.BILLING_TEST_CLOCK),
    scannerAi:
      env.SCANNER_LLM_URL && env.SCANNER_LLM_MODEL
        ? {
            url: env.SCANNER_LLM_URL,
            model: env.SCANNER_LLM_MODEL,
            apiKey: env.SCANNER_LLM_API_KEY ?? null,
            sendsImage: env.SCANNER_LLM_VISION,
            timeoutMs: env.SCANNER_LLM_TIMEOUT_SECONDS * 1000,
          }
        : null,
    wallet: walletConfigOf(env),
  };
}

function walletConfigOf(env: z.infer<typeof envSchema>) {
  const account = env.GOOGLE_WALLET_SERVICE_ACCOUNT
    ? (JSON.parse(env.GOOGLE_WALLET_SERVICE_ACCOUNT) as { client_email: string; private_key: string; token_uri?: string })
    : null;
  return {
    apple:
      env.APPLE_PASS_TYPE_ID && env.APPLE_TEAM_ID && env.APPLE_SIGNER_CERT && env.APPLE_SIGNER_KEY && env.APPLE_WWDR_CERT
        ? {
            passTypeId: env.APPLE_PASS_TYPE_ID,
            teamId: env.APPLE_TEAM_ID,
            signerCert: env.APPLE_SIGNER_CERT,
            signerKey: env.APPLE_SIGNER_KEY,
            signerKeyPassphrase: env.APPLE_SIGNER_KEY_PASSPHRASE,
            wwdr: env.APPLE_WWDR_CERT,
            apns: env.APPLE_APNS_KEY_ID && env.APPLE_APNS_KEY ? { keyId: env.APPLE_APNS_KEY_ID, key: env.APPLE_APNS_KEY } : null,
          }
        : null,
    google:
      env.GOOGLE_WALLET_ISSUER_ID && account
        ? {
            issuerId: env.GOOGLE_WALLET_ISSUER_ID,
            clientEmail: account.client_email,
            privateKey: account.private_key,
            tokenUrl: account.token_uri ?? 'https://oauth2.googleapis.com/token',
          }
        : null,
    apnsUrl: env.APPLE_APNS_URL.replace(/\/$/, ''),
    apnsCa: env.APPLE_APNS_CA,
    googleApiUrl: env.GOOGLE_WALLET_API_URL.replace(/\/$/, ''),
    isDefaultApnsUrl: env.APPLE_APNS_URL === 'https://api.push.apple.com',
    isDefaultGoogleApiUrl: env.GOOGLE_WALLET_API_URL === 'https://walletobjects.googleapis.com/walletobjects/v1',
    usesDevelopmentCredentials: env.WALLET_DEVELOPMENT_CREDENTIALS,
    maxDevicesPerPass: env.WALLET_DEVICES_PER_PASS,
  };
}

/**
 * Without AUTH_SECRET (a laptop, `npm start`, SQLite) a random secret is created once and kept in DATA_DIR so
 * sessions survive restarts. With DATABASE_URL the configuration requires AUTH_SECRET, so several processes
 * share one.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  makePrivateDir(config.dataDir);
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: privateFileMode });
  return secret;
}
