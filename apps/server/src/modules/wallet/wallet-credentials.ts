import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type forgeModule from 'node-forge';
import type { WalletCredentialState } from '@cardstack/shared/wallet/schemas';
import type { Config } from '../../config';
import { makePrivateDir, privateFileMode } from '../../data-dir';

/*
 * The keys and certificates passes are signed with, and the ones that push and patch them. Real ones come from
 * configuration (validated at start-up). Without them a server makes throwaway development ones once, into
 * DATA_DIR, so every flow (build, sign, update, push, save link) works offline: a self-made "WWDR" CA and a
 * pass signer it issued, an APNs-style P-256 key, and an RSA key in a fake Google service account. A phone
 * refuses such passes (the CA is not Apple's), which the editor's tabs say plainly.
 */

export interface AppleCredentials {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string | undefined;
  /** The intermediate certificate embedded in every signature (Apple's WWDR G4; the self-made CA in development). */
  wwdr: string;
  /** The token-based APNs key; null when the operator configured none (passes then never update by push). */
  apns: { keyId: string; key: string } | null;
}

export interface GoogleCredentials {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
  tokenUrl: string;
}

export interface WalletCredentials {
  apple: { state: WalletCredentialState; credentials: AppleCredentials | null };
  google: { state: WalletCredentialState; credentials: GoogleCredentials | null };
}

export type WalletConfig = Config['wallet'];

/** node-forge only when development certificates are made (never on a server with real ones). */
const loadForge = (): typeof forgeModule => createRequire(import.meta.url)('node-forge') as typeof forgeModule;

export const developmentCredentialsFile = 'wallet-development-credentials.json';

interface DevelopmentCredentials {
  apple: AppleCredentials;
  google: GoogleCredentials;
}

function rsaKeyPem(): string {
  return crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function forgeCertificate(options: {
  subject: forgeModule.pki.CertificateField[];
  issuer: forgeModule.pki.CertificateField[];
  publicKeyPem: string;
  signingKeyPem: string;
  isCa: boolean;
  years: number;
}): string {
  const forge = loadForge();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem);
  certificate.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  certificate.validity.notAfter = new Date(Date.now() + options.years * 365 * 24 * 3600 * 1000);
  certificate.setSubject(options.subject);
  certificate.setIssuer(options.issuer);
  certificate.setExtensions(
    options.isCa
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, critical: true },
          { name: 'extKeyUsage', emailProtection: true, codeSigning: true },
        ],
  );
  certificate.sign(forge.pki.privateKeyFromPem(options.signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

const publicPemOf = (privatePem: string) => crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();

/** A CA and a certificate it issued for one host or pass type: used for development passes (and test servers). */
export function issueCertificateChain(options: { caName: string; subjectName: string; extraSubject?: forgeModule.pki.CertificateField[] }) {
  const caKey = rsaKeyPem();
  const caSubject = [
    { name: 'commonName', value: options.caName },
    { name: 'organizationName', value: 'Development only - not Apple' },
  ];
  const ca = forgeCertificate({ subject: caSubject, issuer: caSubject, publicKeyPem: publicPemOf(caKey), signingKeyPem: caKey, isCa: true, years: 20 });
  const key = rsaKeyPem();
  const certificate = forgeCertificate({
    subject: [{ name: 'commonName', value: options.subjectName }, ...(options.extraSubject ?? [])],
    issuer: caSubject,
    publicKeyPem: publicPemOf(key),
    signingKeyPem: caKey,
    isCa: false,
    years: 10,
  });
  return { ca, caKey, certificate, key };
}

/** Made once per DATA_DIR; the team and key ids have Apple's shape (10 characters) so nothing downstream differs. */
export function createDevelopmentCredentials(): DevelopmentCredentials {
  const passTypeId = 'pass.localhost.cards.development';
  const teamId = 'DEVTEAM000';
  const chain = issueCertificateChain({
    caName: 'Development WWDR CA (not Apple)',
    subjectName: `Pass Type ID: ${passTypeId}`,
    extraSubject: [
      { name: 'organizationalUnitName', value: teamId },
      { type: '0.9.2342.19200300.100.1.1', value: passTypeId },
    ],
  });
  const apnsKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    apple: { passTypeId, teamId, signerCert: chain.certificate, signerKey: chain.key, wwdr: chain.ca, apns: { keyId: 'DEVKEY0000', key: apnsKey } },
    google: {
      issuerId: '3388000000000000000',
      clientEmail: 'wallet-development@cards-development.iam.gserviceaccount.com',
      privateKey: rsaKeyPem(),
      tokenUrl: 'https://oauth2.googleapis.com/token',
    },
  };
}

/** Reads the development credentials of this DATA_DIR, making them the first time (atomically: two processes may start at once). */
export function loadDevelopmentCredentials(dataDir: string): DevelopmentCredentials {
  const file = path.join(dataDir, developmentCredentialsFile);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as DevelopmentCredentials;
  makePrivateDir(dataDir);
  const made = createDevelopmentCredentials();
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, JSON.stringify(made), { mode: privateFileMode });
  try {
    // Whoever links first wins; the other reads the winner's file.
    fs.linkSync(temporary, file);
  } catch {
    // Already there: made by another process meanwhile.
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DevelopmentCredentials;
}

/** Which credentials each vendor's passes get, known from configuration alone (nothing is generated to tell). */
export function walletCredentialStates(config: WalletConfig): Record<'apple' | 'google', WalletCredentialState> {
  const stateOf = (real: unknown): WalletCredentialState => (real ? 'ready' : config.usesDevelopmentCredentials ? 'development' : 'not-configured');
  return { apple: stateOf(config.apple), google: stateOf(config.google) };
}

/** Whether the public page offers a wallet whose passes are signed this way (development ones only on localhost). */
export function isOfferedToVisitors(state: WalletCredentialState, offersDevelopmentPasses: boolean): boolean {
  return state === 'ready' || (state === 'development' && offersDevelopmentPasses);
}

/**
 * The credentials of this server per vendor: the configured ones, else the development ones (made on first use
 * and then kept: a key generation that tests and servers that never build a pass should not pay), else none.
 */
export function walletCredentialsSource(config: WalletConfig, dataDir: string): () => WalletCredentials {
  let resolved: WalletCredentials | undefined;
  return () => {
    if (resolved) return resolved;
    const needsDevelopment = config.usesDevelopmentCredentials && (!config.apple || !config.google);
    const development = needsDevelopment ? loadDevelopmentCredentials(dataDir) : null;
    const pick = <T,>(real: T | null, made: T | undefined) =>
      real
        ? { state: 'ready' as const, credentials: real }
        : made
          ? { state: 'development' as const, credentials: made }
          : { state: 'not-configured' as const, credentials: null };
    resolved = { apple: pick(config.apple, development?.apple), google: pick(config.google, development?.google) };
    return resolved;
  };
}
