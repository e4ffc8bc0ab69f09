import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isOfferedToVisitors, issueCertificateChain, walletCredentialStates, walletCredentialsSource } from './wallet-credentials';

const chain = issueCertificateChain({ caName: 'Test CA', subjectName: 'Pass Type ID: pass.com.example.cards' });
const apnsKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const serviceAccount = JSON.stringify({
  client_email: 'wallet@project.iam.gserviceaccount.com',
  private_key: chain.key,
  token_uri: 'https://oauth2.googleapis.com/token',
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const target = path.join(dir, name);
  fs.writeFileSync(target, text);
  return target;
};

const apple = {
  APPLE_PASS_TYPE_ID: 'pass.com.example.cards',
  APPLE_TEAM_ID: 'ABCDE12345',
  APPLE_SIGNER_CERT: file('pass.pem', chain.certificate),
  APPLE_SIGNER_KEY: chain.key,
  APPLE_WWDR_CERT: file('wwdr.pem', chain.ca),
};

describe('wallet configuration', () => {
  it('reads certificates from files or as text (one-line PEM with \\n too) and makes no development keys for them', () => {
    const config = loadConfig({
      ...apple,
      APPLE_SIGNER_KEY: chain.key.replace(/\n/g, '\\n'),
      APPLE_APNS_KEY_ID: 'KEY1234567',
      APPLE_APNS_KEY: file('AuthKey.p8', apnsKey),
      GOOGLE_WALLET_ISSUER_ID: '3388000000000000000',
      GOOGLE_WALLET_SERVICE_ACCOUNT: file('account.json', serviceAccount),
    });
    expect(config.wallet.apple).toMatchObject({ passTypeId: 'pass.com.example.cards', teamId: 'ABCDE12345', signerCert: chain.certificate, wwdr: chain.ca, signerKey: chain.key });
    expect(config.wallet.apple?.apns).toEqual({ keyId: 'KEY1234567', key: apnsKey });
    expect(config.wallet.google).toMatchObject({ issuerId: '3388000000000000000', clientEmail: 'wallet@project.iam.gserviceaccount.com' });
    expect(walletCredentialStates(config.wallet)).toEqual({ apple: 'ready', google: 'ready' });
    const empty = fs.mkdtempSync(path.join(dir, 'data-'));
    expect(walletCredentialsSource(config.wallet, empty)().apple.state).toBe('ready');
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('uses development credentials by default, and none when they are switched off', () => {
    expect(walletCredentialStates(loadConfig({}).wallet)).toEqual({ apple: 'development', google: 'development' });
    expect(walletCredentialStates(loadConfig({ WALLET_DEVELOPMENT_CREDENTIALS: 'false' }).wallet)).toEqual({ apple: 'not-configured', google: 'not-configured' });
  });

  it.each([
    ['ready', false, true],
    ['ready', true, true],
    ['development', true, true],
    ['development', false, false],
    ['not-configured', true, false],
  ] as const)('offers visitors %s passes (development ones allowed: %s): %s', (state, offersDevelopmentPasses, expected) => {
    expect(isOfferedToVisitors(state, offersDevelopmentPasses)).toBe(expected);
  });

  it.each([
    [{ APPLE_PASS_TYPE_ID: 'pass.com.example.cards' }, 'APPLE_SIGNER_CERT'],
    [{ ...apple, APPLE_TEAM_ID: 'short' }, 'APPLE_TEAM_ID'],
    [{ ...apple, APPLE_PASS_TYPE_ID: 'com.example.cards' }, 'APPLE_PASS_TYPE_ID'],
    [{ ...apple, APPLE_SIGNER_CERT: '-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----' }, 'APPLE_SIGNER_CERT'],
    [{ ...apple, APPLE_WWDR_CERT: path.join(os.tmpdir(), 'no-such-wwdr.pem') }, 'APPLE_WWDR_CERT'],
    [{ ...apple, APPLE_SIGNER_KEY: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' }, 'APPLE_SIGNER_KEY'],
    [{ ...apple, APPLE_APNS_KEY_ID: 'KEY1234567' }, 'APPLE_APNS_KEY'],
    [{ APPLE_APNS_KEY_ID: 'KEY1234567', APPLE_APNS_KEY: apnsKey }, 'APPLE_APNS_KEY_ID'],
    [{ GOOGLE_WALLET_ISSUER_ID: '3388' }, 'GOOGLE_WALLET_SERVICE_ACCOUNT'],
    [{ GOOGLE_WALLET_ISSUER_ID: '3388', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"x"}' }, 'GOOGLE_WALLET_SERVICE_ACCOUNT'],
    [{ APPLE_APNS_URL: 'not a url' }, 'APPLE_APNS_URL'],
  ])('names the wrong variable (%#)', (env, variable) => {
    expect(() => loadConfig(env as Record<string, string>)).toThrow(new RegExp(`${variable}:`));
  });
});
