import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import { ConfigError, docsOf, readSecretFiles, type CoreSettings } from './config-fields';
import { backupConfig } from './backup/backup-config';
import { makePrivateDir, privateFileMode } from './data-dir';
import { databaseConfig } from './db/database-config';
import { overloadConfig } from './http/overload-config';
import { adminConfig } from './modules/admin/admin-config';
import { authConfig } from './modules/auth/auth-config';
import { billingConfig } from './modules/billing/billing-config';
import { designRequestsConfig } from './modules/design-requests/design-requests-config';
import { insightsConfig } from './modules/insights/insights-config';
import { integrationsConfig } from './modules/integrations/integrations-config';
import { mailConfig } from './modules/mail/mail-config';
import { metricsConfig } from './modules/metrics/metrics-config';
import { publicCardConfig } from './modules/public-card/public-card-config';
import { scannerConfig } from './modules/scanner/scanner-config';
import { storageConfig } from './modules/storage/storage-config';
import { walletConfig } from './modules/wallet/wallet-config';
import { serverConfig } from './server-config';

/*
 * The configuration: every module's piece (its variables, checks and values, `<module>-config.ts`) merged into one
 * schema, validated once at start-up with one report naming every wrong variable (decision 0039).
 */
export { ConfigError, isLocalhostUrl } from './config-fields';
export { billingProviders, type BillingProvider } from './modules/billing/billing-config';

/** Every piece, in the order `.env.example` and docs/configuration.md list them. */
export const configPieces = [
  serverConfig,
  databaseConfig,
  authConfig,
  mailConfig,
  storageConfig,
  billingConfig,
  adminConfig,
  designRequestsConfig,
  publicCardConfig,
  insightsConfig,
  overloadConfig,
  metricsConfig,
  scannerConfig,
  integrationsConfig,
  walletConfig,
  backupConfig,
] as const;

type Piece = (typeof configPieces)[number];
/** `A | B` → `A & B`: the pieces' variables, or their values, side by side. */
type Merged<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void ? Both : never;

const envSchema = z
  .object(Object.assign({}, ...configPieces.map((piece) => piece.variables)) as Merged<Piece['variables']>)
  .superRefine((env, ctx) => {
    const core = coreOf(env);
    for (const piece of configPieces) piece.check?.(env as never, core, ctx);
  });

type Env = z.output<typeof envSchema>;

const coreOf = (env: Pick<Env, 'NODE_ENV' | 'PORT' | 'BASE_URL'>): CoreSettings => ({ NODE_ENV: env.NODE_ENV, PORT: env.PORT, BASE_URL: env.BASE_URL });

export type Config = ReturnType<typeof buildConfig>;

/** The secrets that may come from files (`<NAME>_FILE`): those the pieces declare with `secret(...)`. */
export const fileSecretVariables = configPieces.flatMap((piece) =>
  Object.entries(piece.variables as Record<string, z.ZodType>)
    .filter(([, schema]) => docsOf(schema)?.fromFile)
    .map(([name]) => name),
);

/** Validates the environment once, at start-up; the message names every wrong variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env) {
  const { env, issues: fileIssues } = readSecretFiles(environment, fileSecretVariables);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success || fileIssues.length > 0) {
    const lines = [
      ...fileIssues.map(([name, message]) => `  ${name}: ${message}`),
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`)),
    ];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return buildConfig(parsed.data);
}

function buildConfig(env: Env): Merged<ReturnType<Piece['build']>> {
  const core = coreOf(env);
  return Object.assign({}, ...configPieces.map((piece) => piece.build(env as never, core)));
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
