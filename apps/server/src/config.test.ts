import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMmdb, countryRecord } from '../test/mmdb-writer';
import { fileSecretVariables, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
  });

  it('derives BASE_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).baseUrl).toBe('http://localhost:4100');
    expect(loadConfig({ BASE_URL: 'https://cards.example.com/', BILLING_PROVIDER: 'none' }).baseUrl).toBe('https://cards.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BASE_URL: 'not a url' }, 'BASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ DATABASE_URL: 'postgres://db.example/cards' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ S3_BUCKET: 'cards', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
  ])('names the wrong variable in %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });

  it('takes PostgreSQL with a shared AUTH_SECRET (several processes sign sessions alike)', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.example/cards', AUTH_SECRET: 'a'.repeat(32) });
    expect(config.databaseUrl).toBe('postgres://db.example/cards');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/cards' })).toThrow(/AUTH_SECRET: .*DATABASE_URL/);
  });

  it('selects S3 storage only when a bucket is set', () => {
    expect(loadConfig({}).storage.s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'cards',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage.s3,
    ).toEqual({
      bucket: 'cards',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });
});

describe('loadConfig: payments', () => {
  const prices = {
    STRIPE_PRICE_PRO_MONTH: 'price_pm',
    STRIPE_PRICE_PRO_YEAR: 'price_py',
    STRIPE_PRICE_TEAM_10_MONTH: 'price_t10m',
    STRIPE_PRICE_TEAM_25_MONTH: 'price_t25m',
    STRIPE_PRICE_TEAM_50_MONTH: 'price_t50m',
    STRIPE_PRICE_TEAM_100_MONTH: 'price_t100m',
    STRIPE_PRICE_TEAM_250_MONTH: 'price_t250m',
    STRIPE_PRICE_TEAM_10_YEAR: 'price_t10y',
    STRIPE_PRICE_TEAM_25_YEAR: 'price_t25y',
    STRIPE_PRICE_TEAM_50_YEAR: 'price_t50y',
    STRIPE_PRICE_TEAM_100_YEAR: 'price_t100y',
    STRIPE_PRICE_TEAM_250_YEAR: 'price_t250y',
  };
  const stripe = { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc', ...prices };

  it('uses the built-in test checkout without a Stripe key, and no test clock in production', () => {
    const config = loadConfig({});
    expect(config.stripe).toBeUndefined();
    expect(config.enterpriseContactUrl).toBeNull();
    expect(config.isBillingTestClockEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).isBillingTestClockEnabled).toBe(true);
    expect(loadConfig({ BILLING_TEST_CLOCK: 'true' }).isBillingTestClockEnabled).toBe(true);
  });

  it('selects Stripe with every price id by plan, period and Teams size', () => {
    const config = loadConfig({ ...stripe, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_abc123',
      webhookSecret: 'whsec_abc',
      priceIds: {
        subscribed: { month: 'price_pm', year: 'price_py' },
        team: {
          month: { 10: 'price_t10m', 25: 'price_t25m', 50: 'price_t50m', 100: 'price_t100m', 250: 'price_t250m' },
          year: { 10: 'price_t10y', 25: 'price_t25y', 50: 'price_t50y', 100: 'price_t100y', 250: 'price_t250y' },
        },
      },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });

  it.each([
    [{ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_live_abc' }, 'STRIPE_SECRET_KEY'],
    [{ ...stripe, STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ ...stripe, STRIPE_PRICE_TEAM_50_YEAR: '' }, 'STRIPE_PRICE_TEAM_50_YEAR'],
    [{ ...stripe, STRIPE_PRICE_PRO_YEAR: 'price_pm' }, 'STRIPE_PRICE_\\*'],
    [{ ...stripe, STRIPE_API_PORT: 'eighty' }, 'STRIPE_API_PORT'],
    [{ ENTERPRISE_CONTACT_URL: 'javascript:alert(1)' }, 'ENTERPRISE_CONTACT_URL'],
  ])('names the wrong payment variable in %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });

  it('explains a price id used twice', () => {
    expect(() => loadConfig({ ...stripe, STRIPE_PRICE_PRO_YEAR: 'price_pm' })).toThrow('price id price_pm is used for both Pro per month and Pro per year');
  });

  it('takes an https or mailto quote link', () => {
    expect(loadConfig({ ENTERPRISE_CONTACT_URL: 'https://example.com/quote' }).enterpriseContactUrl).toBe('https://example.com/quote');
    expect(loadConfig({ ENTERPRISE_CONTACT_URL: 'mailto:sales@example.com' }).enterpriseContactUrl).toBe('mailto:sales@example.com');
  });

  // ---- security-auth ----------------------------------------------------------------------------------
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1, fd00::/8', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', '*', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,,nope', '::1/129'])('refuses TRUST_PROXY=%s (never "trust everyone")', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
  });

  it.each([
    // [environment, provider, test clock on]
    [{}, 'test', false],
    [{ NODE_ENV: 'test' }, 'test', true],
    [{ BASE_URL: 'http://127.0.0.1:8080', BILLING_TEST_CLOCK: 'true' }, 'test', true],
    [{ BASE_URL: 'http://[::1]:8080' }, 'test', false],
    [{ BASE_URL: 'https://cards.example.com', BILLING_PROVIDER: 'test' }, 'test', false],
    [{ BASE_URL: 'https://cards.example.com', BILLING_PROVIDER: 'none' }, 'none', false],
    [{ NODE_ENV: 'test', BILLING_PROVIDER: 'none' }, 'none', false],
  ])('BILLING_PROVIDER in %o: %s, test clock %s', (env, provider, isClockOn) => {
    const config = loadConfig(env);
    expect(config.billingProvider).toBe(provider);
    expect(config.isBillingTestClockEnabled).toBe(isClockOn);
  });

  it.each([
    [{ BASE_URL: 'https://cards.example.com' }, 'BILLING_PROVIDER', /stripe .*none .*test/],
    [{ BASE_URL: 'http://localhost.evil.example' }, 'BILLING_PROVIDER', /BILLING_PROVIDER/],
    [{ STRIPE_SECRET_KEY: 'sk_live_abc123' }, 'BILLING_PROVIDER', /BILLING_PROVIDER=stripe/],
    [{ BILLING_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY', /needs the Stripe secret key/],
    [{ BILLING_PROVIDER: 'free' }, 'BILLING_PROVIDER', /stripe, test or none/],
    [{ BASE_URL: 'https://cards.example.com', BILLING_PROVIDER: 'test', BILLING_TEST_CLOCK: 'true' }, 'BILLING_TEST_CLOCK', /refused in production/],
    [{ BILLING_PROVIDER: 'none', BILLING_TEST_CLOCK: 'true' }, 'BILLING_TEST_CLOCK', /refused in production/],
  ])('stops the start in %o naming %s', (env, variable, message) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig: card scanner', () => {
  it('keeps "Improve with AI" off unless both the endpoint and the model are set', () => {
    expect(loadConfig({}).scannerAi).toBeNull();
    expect(loadConfig({ SCANNER_LLM_URL: 'http://localhost:11434/v1', SCANNER_LLM_MODEL: 'llama3.2' }).scannerAi).toEqual({
      url: 'http://localhost:11434/v1',
      model: 'llama3.2',
      apiKey: null,
      sendsImage: false,
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({ SCANNER_LLM_URL: 'https://llm.example/v1', SCANNER_LLM_MODEL: 'm', SCANNER_LLM_API_KEY: 'k', SCANNER_LLM_VISION: 'true', SCANNER_LLM_TIMEOUT_SECONDS: '5' }).scannerAi,
    ).toMatchObject({ apiKey: 'k', sendsImage: true, timeoutMs: 5000 });
  });

  it.each([
    [{ SCANNER_LLM_URL: 'http://localhost:11434/v1' }, 'SCANNER_LLM_MODEL'],
    [{ SCANNER_LLM_MODEL: 'llama3.2' }, 'SCANNER_LLM_URL'],
    [{ SCANNER_LLM_URL: 'localhost:11434', SCANNER_LLM_MODEL: 'm' }, 'SCANNER_LLM_URL'],
    [{ SCANNER_LLM_TIMEOUT_SECONDS: '0' }, 'SCANNER_LLM_TIMEOUT_SECONDS'],
  ])('names the wrong variable in %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });
});

describe('loadConfig: GeoIP database', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'geoip-config-'));
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('has no countries unless GEOIP_DATABASE_PATH is set', () => {
    expect(loadConfig({}).geoipDatabasePath).toBeNull();
    expect(loadConfig({ GEOIP_DATABASE_PATH: '' }).geoipDatabasePath).toBeNull();
  });

  it('takes a MaxMind DB file, as an absolute path', () => {
    const file = path.join(directory, 'countries.mmdb');
    fs.writeFileSync(file, buildMmdb([{ network: '203.0.113.0/24', data: countryRecord('DE', 'Germany') }]));
    expect(loadConfig({ GEOIP_DATABASE_PATH: path.relative(process.cwd(), file) }).geoipDatabasePath).toBe(file);
  });

  it.each([
    ['a missing file', () => path.join(directory, 'missing.mmdb'), /GEOIP_DATABASE_PATH: must be the path of a readable \.mmdb database file \(cannot open .*missing\.mmdb\)/],
    ['a directory', () => directory, /GEOIP_DATABASE_PATH: must be the path of a readable/],
    [
      'a file that is no MaxMind DB',
      () => {
        const file = path.join(directory, 'countries.csv');
        fs.writeFileSync(file, 'network,country\n203.0.113.0/24,DE\n');
        return file;
      },
      /GEOIP_DATABASE_PATH: .*countries\.csv is no MaxMind DB \(\.mmdb\) file/,
    ],
  ])('refuses %s, naming the variable', (_case, file, message) => {
    expect(() => loadConfig({ GEOIP_DATABASE_PATH: file() })).toThrow(message);
  });
});

describe('loadConfig: ZAPIER_REDIRECT_URIS', () => {
  const zapier = { ZAPIER_CLIENT_ID: 'zapier', ZAPIER_CLIENT_SECRET: 'secret' };
  const production = { NODE_ENV: 'production', BASE_URL: 'https://cards.example.com', BILLING_PROVIDER: 'none' };

  it.each([
    ['http://zapier.com/return', production],
    ['http://localhost:3000/return', production],
    ['https://zapier.com/return,http://127.0.0.1/return', production],
    ['http://zapier.com/return', { NODE_ENV: 'development' }],
    ['http://zapier.com/return', { NODE_ENV: 'test' }],
  ])('refuses %s in %o, naming the variable', (uris, env) => {
    expect(() => loadConfig({ ...env, ...zapier, ZAPIER_REDIRECT_URIS: uris })).toThrow(/ZAPIER_REDIRECT_URIS: .*https:\/\//);
  });

  it.each([
    ['https://zapier.com/return', production],
    ['https://zapier.com/return', { NODE_ENV: 'test' }],
    ['http://localhost:3000/return', { NODE_ENV: 'development' }],
    ['http://127.0.0.1:3000/return,http://[::1]/return', { NODE_ENV: 'test' }],
  ])('takes %s in %o', (uris, env) => {
    expect(loadConfig({ ...env, ...zapier, ZAPIER_REDIRECT_URIS: uris }).integrations.zapier?.redirectUris).toEqual(uris.split(','));
  });
});

describe('loadConfig: secrets from files (<NAME>_FILE)', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'config-secret-files-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const written = path.join(folder, name);
    fs.writeFileSync(written, text);
    return written;
  };

  it('reads each secret from the file its _FILE names, the trailing line break dropped', () => {
    const config = loadConfig({
      DATABASE_URL_FILE: file('database-url', 'postgres://cards:pw@db.example/cards\n'),
      AUTH_SECRET_FILE: file('auth-secret', 'a-secret-of-at-least-thirty-two-characters!\r\n'),
      SMTP_URL_FILE: file('smtp-url', 'smtps://user:pw@smtp.example.com:465\n'),
      S3_BUCKET: 'cards',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY_FILE: file('s3-secret', 's3 secret with spaces inside\n'),
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY_FILE: file('stripe-key', 'sk_test_abc123\n'),
      STRIPE_WEBHOOK_SECRET_FILE: file('stripe-webhook', 'whsec_abc123'),
      ...Object.fromEntries(['PRO_MONTH', 'PRO_YEAR', ...[10, 25, 50, 100, 250].flatMap((n) => [`TEAM_${n}_MONTH`, `TEAM_${n}_YEAR`])].map((name) => [`STRIPE_PRICE_${name}`, `price_${name.toLowerCase()}`])),
    });
    expect(config.databaseUrl).toBe('postgres://cards:pw@db.example/cards');
    expect(config.authSecret).toBe('a-secret-of-at-least-thirty-two-characters!');
    expect(config.mail.smtpUrl).toBe('smtps://user:pw@smtp.example.com:465');
    expect(config.storage.s3?.secretAccessKey).toBe('s3 secret with spaces inside');
    expect(config.stripe?.secretKey).toBe('sk_test_abc123');
    expect(config.stripe?.webhookSecret).toBe('whsec_abc123');
  });

  it('refuses a variable set both ways, naming both', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(40), AUTH_SECRET_FILE: file('both', 'y'.repeat(40)) })).toThrow(
      'AUTH_SECRET, AUTH_SECRET_FILE: set AUTH_SECRET or AUTH_SECRET_FILE, not both',
    );
  });

  it('names a missing or empty file, and the value read is still checked', () => {
    const missing = path.join(folder, 'not-there');
    expect(() => loadConfig({ SMTP_URL_FILE: missing })).toThrow(`SMTP_URL_FILE: cannot read the file ${missing} (ENOENT)`);
    expect(() => loadConfig({ SMTP_URL_FILE: folder })).toThrow(`SMTP_URL_FILE: cannot read the file ${folder} (EISDIR)`);
    expect(() => loadConfig({ SMTP_URL_FILE: file('empty', '\n') })).toThrow('SMTP_URL_FILE: the file');
    expect(() => loadConfig({ SMTP_URL_FILE: file('wrong', 'http://mail\n') })).toThrow('SMTP_URL: must start with smtp:// or smtps://');
  });

  it('is offered for exactly the secrets, and nothing else reads a _FILE', () => {
    expect([...fileSecretVariables].sort()).toEqual(['AUTH_SECRET', 'BACKUP_PASSPHRASE', 'DATABASE_URL', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(loadConfig({ PORT_FILE: file('port', '4100') }).port).toBe(3000);
  });
});
