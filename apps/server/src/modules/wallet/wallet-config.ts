import crypto from 'node:crypto';
import { z } from 'zod';
import { bothOrNeither, configPiece, documented, optionalString, textOrFile, wholeNumber } from '../../config-fields';

const appleWalletVariables = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_SIGNER_CERT', 'APPLE_SIGNER_KEY', 'APPLE_WWDR_CERT'] as const;
const defaultApnsUrl = 'https://api.push.apple.com';
const defaultGoogleWalletApiUrl = 'https://walletobjects.googleapis.com/walletobjects/v1';

function checkWalletCredential(ctx: z.RefinementCtx, name: string, check: () => unknown, what: string): void {
  try {
    check();
  } catch (error) {
    ctx.addIssue({ code: 'custom', path: [name], message: `must be ${what} (${error instanceof Error ? error.message : String(error)})` });
  }
}

export const walletConfig = configPiece({
  title: 'Apple Wallet and Google Wallet',
  variables: {
    APPLE_PASS_TYPE_ID: documented(optionalString.pipe(z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a pass type identifier such as pass.com.example.cards').optional()), {
      description: 'Apple Wallet: your Pass Type ID (`pass.com.example.cards`). Set together with APPLE_TEAM_ID, APPLE_SIGNER_CERT, APPLE_SIGNER_KEY and APPLE_WWDR_CERT; unset: development credentials (see docs/wallet.md). Certificates and keys are the PEM/JSON text itself or a file path.',
    }),
    APPLE_TEAM_ID: documented(optionalString.pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team identifier').optional()), {
      description: 'Your 10-character Apple team id.',
    }),
    APPLE_SIGNER_CERT: documented(textOrFile, { description: 'The Pass Type ID certificate (PEM text or a file path).' }),
    APPLE_SIGNER_KEY: documented(textOrFile, { description: 'Its private key (PEM text or a file path).' }),
    APPLE_SIGNER_KEY_PASSPHRASE: documented(optionalString, { description: 'The private key\'s passphrase, if it has one.' }),
    APPLE_WWDR_CERT: documented(textOrFile, { description: 'Apple\'s "Worldwide Developer Relations – G4" intermediate certificate (PEM text or a file path).' }),
    APPLE_APNS_KEY_ID: documented(optionalString.pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id of the APNs key').optional()), {
      description: 'The APNs auth key\'s id, with APPLE_APNS_KEY (both or neither): passes already in wallets update when the card changes.',
    }),
    APPLE_APNS_KEY: documented(textOrFile, { description: 'The APNs auth key (`.p8`, PEM text or a file path).' }),
    APPLE_APNS_KEY_EXPIRES_AT: documented(optionalString.pipe(z.iso.date('must be a date such as 2027-03-31').optional()), {
      description:
        'When the APNs key stops working (`YYYY-MM-DD`, UTC). A `.p8` key carries no date, so say it here: `/readyz`, `/metrics` and the operator console then show the days left, and operators get a mail 30 and 7 days ahead and on the day (docs/operations.md). Unset: no expiry is known.',
    }),
    APPLE_APNS_URL: documented(z.string().url().default(defaultApnsUrl), { description: 'Where pass-update pushes go (tests use a local HTTP/2 server).' }),
    APPLE_APNS_CA: documented(textOrFile, { description: 'An extra CA certificate (PEM text or a file path) trusted for the APNs connection only: a local test server, a proxy.' }),
    GOOGLE_WALLET_ISSUER_ID: documented(optionalString.pipe(z.string().regex(/^\d+$/, 'must be the numeric issuer id of the Google Wallet console').optional()), {
      description: 'Google Wallet: the issuer id, with GOOGLE_WALLET_SERVICE_ACCOUNT (both or neither; unset: development credentials).',
    }),
    GOOGLE_WALLET_SERVICE_ACCOUNT: documented(textOrFile, { description: 'The service account\'s JSON key (the JSON text or a file path).' }),
    GOOGLE_WALLET_API_URL: documented(z.string().url().default(defaultGoogleWalletApiUrl), { description: 'The Wallet REST API (tests use a local fake).' }),
    WALLET_DEVELOPMENT_CREDENTIALS: documented(
      z.enum(['true', 'false', '1', '0', '']).optional().transform((value) => value !== 'false' && value !== '0'),
      {
        description: 'For a wallet without credentials, make throwaway development ones once in `DATA_DIR/wallet-development-credentials.json` (passes build and update, but no phone installs them). false: such a wallet is off (no buttons, the tabs say "Not configured").',
      },
    ),
    WALLET_DEVICES_PER_PASS: documented(wholeNumber(1, 2000), {
      description: 'Devices one Apple pass may have registered for updates (a popular card is in hundreds to a thousand wallets); a new device past it is refused, so a flood of fake registrations cannot make each card save wake without bound. See docs/wallet.md, Limits.',
    }),
  },
  check(env, _core, ctx) {
    const appleSet = appleWalletVariables.filter((name) => env[name]);
    if (appleSet.length > 0 && appleSet.length < appleWalletVariables.length) {
      for (const name of appleWalletVariables.filter((variable) => !env[variable])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `Apple Wallet needs ${appleWalletVariables.join(', ')} together (or none: development credentials)` });
      }
    }
    bothOrNeither(ctx, ['APPLE_APNS_KEY_ID', env.APPLE_APNS_KEY_ID], ['APPLE_APNS_KEY', env.APPLE_APNS_KEY], 'set both APPLE_APNS_KEY_ID and APPLE_APNS_KEY (the .p8 key) to push pass updates, or neither');
    if (env.APPLE_APNS_KEY_EXPIRES_AT && !env.APPLE_APNS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['APPLE_APNS_KEY_EXPIRES_AT'], message: 'is the expiry of the APNs key: set APPLE_APNS_KEY too' });
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
    bothOrNeither(ctx, ['GOOGLE_WALLET_ISSUER_ID', env.GOOGLE_WALLET_ISSUER_ID], ['GOOGLE_WALLET_SERVICE_ACCOUNT', env.GOOGLE_WALLET_SERVICE_ACCOUNT], 'set both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT, or neither (development credentials)');
    if (env.GOOGLE_WALLET_SERVICE_ACCOUNT) {
      checkWalletCredential(ctx, 'GOOGLE_WALLET_SERVICE_ACCOUNT', () => {
        const account = JSON.parse(env.GOOGLE_WALLET_SERVICE_ACCOUNT!) as { client_email?: unknown; private_key?: unknown };
        if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') throw new Error('client_email and private_key are missing');
        crypto.createPrivateKey(account.private_key);
      }, 'a service-account JSON key (client_email, private_key)');
    }
  },
  build(env) {
    const account = env.GOOGLE_WALLET_SERVICE_ACCOUNT
      ? (JSON.parse(env.GOOGLE_WALLET_SERVICE_ACCOUNT) as { client_email: string; private_key: string; token_uri?: string })
      : null;
    return {
      wallet: {
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
        apnsKeyExpiresAt: env.APPLE_APNS_KEY_EXPIRES_AT ? new Date(`${env.APPLE_APNS_KEY_EXPIRES_AT}T00:00:00Z`) : undefined,
        googleApiUrl: env.GOOGLE_WALLET_API_URL.replace(/\/$/, ''),
        isDefaultApnsUrl: env.APPLE_APNS_URL === defaultApnsUrl,
        isDefaultGoogleApiUrl: env.GOOGLE_WALLET_API_URL === defaultGoogleWalletApiUrl,
        usesDevelopmentCredentials: env.WALLET_DEVELOPMENT_CREDENTIALS,
        maxDevicesPerPass: env.WALLET_DEVICES_PER_PASS,
      },
    };
  },
});
