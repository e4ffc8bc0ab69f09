import path from 'node:path';
import { z } from 'zod';
import { booleanFlag, configPiece, documented, optionalString, secret, wholeNumber } from './config-fields';
import { parseTrustProxy, type TrustProxySetting } from './http/client-address';

/** TRUST_PROXY: read by `parseTrustProxy`, which refuses "trust everyone" and anything that is no proxy address. */
const trustProxySetting = optionalString.transform((value, ctx): TrustProxySetting => {
  const parsed = parseTrustProxy(value);
  if ('setting' in parsed) return parsed.setting;
  ctx.addIssue({ code: 'custom', message: parsed.refusal });
  return z.NEVER;
});

/** The server's own settings: where it listens, where its data is, its secret, its logs and its jobs. */
export const serverConfig = configPiece({
  title: 'Server',
  variables: {
    NODE_ENV: documented(z.enum(['development', 'production', 'test']).default('production'), { description: '`production`, `development` or `test`.' }),
    PORT: documented(z.coerce.number().int().min(0).max(65535).default(3000), { description: 'The port to listen on.' }),
    HOST: documented(z.string().default('0.0.0.0'), { description: 'The interface to listen on.' }),
    BASE_URL: documented(optionalString.pipe(z.string().url('must be a URL such as https://cards.example.com').optional()), {
      description: 'The public origin used in links, QR codes, emails and sign-in callbacks. Set it to your `https://` address in production.',
      shownDefault: '`http://localhost:$PORT`',
    }),
    DATA_DIR: documented(z.string().default('./data'), {
      description: 'The SQLite file, local file storage (`files/`), local mailbox (`mailbox/`) and generated secrets. Made with mode 0700; an existing one other users may read is tightened to 0700 at start (the log says so).',
    }),
    DATABASE_URL: secret(optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()), {
      description: 'A PostgreSQL connection string. Unset: SQLite at `DATA_DIR/cards.sqlite`.',
    }),
    AUTH_SECRET: secret(optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()), {
      description: 'Signs sessions (32+ characters). Unset: generated once into `DATA_DIR/auth-secret`. Set it in production, the same value on every server process; required with DATABASE_URL.',
      shownDefault: 'generated',
    }),
    TRUST_PROXY: documented(trustProxySetting, {
      shownDefault: 'no proxy',
      description: 'Reverse proxies in front of the app whose X-Forwarded-For counts: a hop count (`1` for one proxy) or their addresses/CIDR ranges, comma separated (`10.0.0.0/8,192.168.1.5`). Unset: no proxy. `true`, ranges shorter than /8 and empty entries are refused. See docs/self-hosting.md, Security.',
    }),
    LOG_LEVEL: documented(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
      description: 'The log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
    }),
    ACCESS_LOG: documented(booleanFlag, {
      description: 'true: one log line per request (method, route, address with secrets redacted, status, time in ms). false: none. No log line ever holds a client address.',
    }),
    WEB_DIST_DIR: documented(optionalString, { description: 'Where the built web app is.', shownDefault: '`apps/web/dist`' }),
    JOBS_POLL_INTERVAL_MS: documented(wholeNumber(50, 1000), {
      description: 'Mail delivery, team imports, vCard and QR generation, the billing clock and clean-ups run as jobs: in the server process on SQLite, on pg-boss with PostgreSQL. How often an idle runner looks for due jobs (pg-boss polls at most every 500 ms).',
    }),
    ERROR_LOG_RETENTION_DAYS: documented(wholeNumber(1, 90), { description: 'Entries of the error log older than this many days are deleted (a daily job).' }),
  },
  check(env, _core, ctx) {
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
  },
  build: (env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG,
    webDistDir: env.WEB_DIST_DIR,
    jobs: { pollIntervalMs: env.JOBS_POLL_INTERVAL_MS },
    errorLogRetentionDays: env.ERROR_LOG_RETENTION_DAYS,
  }),
});
