import { z } from 'zod';
import { keyed } from '../i18n/keyed';

/*
 * Passkeys (WebAuthn): a way to sign in, and a second factor. The browser's answers are validated here before
 * they reach the server's WebAuthn library (sizes bounded, only the fields it reads), and the passkeys are
 * listed, renamed and removed in Settings → General.
 */

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, keyed('notBase64url'));

/** A name the user gives a passkey ("Work laptop"). */
export const passkeyNameField = z.string().trim().min(1, keyed('passkeyNameRequired')).max(60, keyed('atMostCharacters', { max: 60 }));

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(7);

/** What both ceremonies' answers share, as @simplewebauthn/browser serialises them. */
const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** What `navigator.credentials.create()` answers. */
export const passkeyRegistrationResponse = z.object({
  ...credentialFields,
  response: z.object({ clientDataJSON: base64url(4096), attestationObject: base64url(65536), transports: transports.optional() }),
});

/** What `navigator.credentials.get()` answers. */
export const passkeyAuthenticationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    // Up to an ML-DSA-87 signature (4,627 bytes): on Node 24 the server offers post-quantum ML-DSA-44 first.
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
});

/** Adding a passkey: accounts with a password give it first, as for turning on two-factor sign-in. */
export const passkeyOptionsInput = z.object({ password: z.string().min(1).max(128).optional() }).strict();
export const passkeyRegisterInput = z.object({ name: passkeyNameField, response: passkeyRegistrationResponse }).strict();
export type PasskeyRegisterInput = z.infer<typeof passkeyRegisterInput>;
export const passkeyAuthenticateInput = z.object({ response: passkeyAuthenticationResponse }).strict();

export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the user's devices by their platform (iCloud Keychain, Google Password Manager). */
  isSynced: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;
export const passkeyList = z.object({ passkeys: z.array(passkeySummary) });
export const renamePasskeyInput = z.object({ name: passkeyNameField }).strict();
export type RenamePasskeyInput = z.infer<typeof renamePasskeyInput>;

/*
 * The server's WebAuthn options, handed to the browser's authenticator as they are: checked for what every
 * ceremony needs, every other member kept (the WebAuthn library defines them).
 */
export const passkeyRequestOptions = z.looseObject({ challenge: z.string() });
export const passkeyCreationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string() }),
});
