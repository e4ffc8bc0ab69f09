import crypto from 'node:crypto';
import type { AnyConnection } from '../../db/schema';
import type { JobRunner } from '../../jobs/jobs-module';
import type { MailOutbox } from '../mail/mail-module';
import type { MetricsRegistry } from '../metrics/metrics-module';
import { recordCredentialWarning } from './wallet-repository';
import type { WalletConfig } from './wallet-credentials';

/*
 * The configured Apple credentials expire: the Pass Type ID certificate (its date is in it) and the APNs key (a
 * .p8 key has no date; APPLE_APNS_KEY_EXPIRES_AT states it). `/readyz`, the operator console and /metrics show the
 * days left; a daily job mails the operators 30 and 7 days ahead and once expired, each warning once per
 * credential and expiry date (a renewed credential is warned about afresh). Development credentials are
 * throwaway and never warned about.
 */

export type WalletCredentialName = 'apple-signing-certificate' | 'apple-apns-key';

export interface CredentialExpiry {
  credential: WalletCredentialName;
  /** ISO 8601; null when the expiry is not known (an APNs key without APPLE_APNS_KEY_EXPIRES_AT). */
  expiresAt: string | null;
  /** Whole days until the expiry, rounded down (negative once expired); null when not known. */
  daysLeft: number | null;
}

export const credentialExpiryJob = 'wallet.credential-expiry';
/** The warnings: at 30 days, at 7 days, and on the day it expired. */
export const warningThresholdDays = [30, 7, 0] as const;

const dayMs = 24 * 3600 * 1000;

/** The configured credentials' expiry dates, read once (the configuration does not change while the server runs). */
export function credentialExpiryDates(settings: Pick<WalletConfig, 'apple' | 'apnsKeyExpiresAt'>): { credential: WalletCredentialName; expiresAt: Date | null }[] {
  if (!settings.apple) return [];
  const dates: { credential: WalletCredentialName; expiresAt: Date | null }[] = [
    { credential: 'apple-signing-certificate', expiresAt: new Date(new crypto.X509Certificate(settings.apple.signerCert).validTo) },
  ];
  if (settings.apple.apns) dates.push({ credential: 'apple-apns-key', expiresAt: settings.apnsKeyExpiresAt ?? null });
  return dates;
}

export function daysLeftOf(expiresAt: Date, now: Date): number {
  return Math.floor((expiresAt.getTime() - now.getTime()) / dayMs);
}

export function credentialExpiriesAt(dates: ReturnType<typeof credentialExpiryDates>, now: Date): CredentialExpiry[] {
  return dates.map(({ credential, expiresAt }) => ({
    credential,
    expiresAt: expiresAt?.toISOString() ?? null,
    daysLeft: expiresAt ? daysLeftOf(expiresAt, now) : null,
  }));
}

/** The smallest threshold the days left have reached (7 for 5 days left), or null when none is near. */
export function warningThresholdOf(daysLeft: number): number | null {
  const reached = warningThresholdDays.filter((threshold) => daysLeft <= threshold);
  return reached.length > 0 ? Math.min(...reached) : null;
}

export interface CredentialWarningDeps {
  db: AnyConnection;
  outbox: MailOutbox;
  operatorEmails: () => Promise<string[]>;
  expiries: () => CredentialExpiry[];
}

/**
 * The daily job: for each credential near its expiry, the warning of the threshold it reached, mailed to every
 * operator in the transaction that records it (so a job run twice, or on two processes, mails it once). Only the
 * nearest threshold is mailed: a server down for weeks does not send the 30-day warning after the 7-day one.
 */
export async function warnOfExpiringCredentials(deps: CredentialWarningDeps): Promise<number> {
  let warned = 0;
  for (const expiry of deps.expiries()) {
    if (expiry.expiresAt === null || expiry.daysLeft === null) continue;
    const threshold = warningThresholdOf(expiry.daysLeft);
    if (threshold === null) continue;
    const operators = await deps.operatorEmails();
    // Nobody to tell yet: not recorded, so the first operator still gets it.
    if (operators.length === 0) continue;
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const isNew = await recordCredentialWarning(trx, { credential: expiry.credential, expiresAt: expiry.expiresAt!, thresholdDays: threshold, sentAt: new Date().toISOString() });
      if (!isNew) return;
      // The mail names the credential and its renewal in each operator's language (mail templates).
      for (const to of operators) {
        await deps.outbox.enqueue(trx, { to, template: 'credential-expiry', data: { credential: expiry.credential, expiresAt: expiry.expiresAt!, daysLeft: expiry.daysLeft! } });
      }
      warned += 1;
    });
  }
  return warned;
}

/** The expiry of the configured credentials, for /readyz, the console, /metrics and the daily warning. */
export function createCredentialExpiry(options: {
  settings: Pick<WalletConfig, 'apple' | 'apnsKeyExpiresAt'>;
  now: () => Date;
  metrics: MetricsRegistry;
}) {
  const dates = credentialExpiryDates(options.settings);
  const expiries = () => credentialExpiriesAt(dates, options.now());
  options.metrics.gauge({
    name: 'cards_credential_days_left',
    help: 'Whole days until a configured wallet credential expires (negative once expired); absent when its expiry is not known.',
    labelNames: ['credential'],
    collect: () => expiries().flatMap((expiry) => (expiry.daysLeft === null ? [] : [{ labels: { credential: expiry.credential }, value: expiry.daysLeft }])),
  });
  return {
    expiries,
    jobs(runner: JobRunner, deps: Omit<CredentialWarningDeps, 'expiries'>) {
      runner.register(credentialExpiryJob, async () => void (await warnOfExpiringCredentials({ ...deps, expiries })));
      runner.schedule(credentialExpiryJob, '15 6 * * *');
    },
  };
}
