import { z } from 'zod';
import { hexColourInput } from '../cards/hex-colour';

/*
 * The wallet passes of a card: what the Apple Wallet and Google Wallet tabs of the editor choose (colours and
 * which phones, emails and addresses go on the pass) and what they show about the pass (its state, how many
 * devices hold it). The same schemas validate the tabs' forms and the server's input.
 */

export const walletVendors = ['apple', 'google'] as const;
export type WalletVendor = (typeof walletVendors)[number];

/** Which of the card's phones, emails or addresses go on a pass: `null` means all of them, always. */
const chosenValues = z.array(z.string().trim().max(300)).max(11).nullable();

export const passFieldChoice = z.object({ phones: chosenValues, emails: chosenValues, addresses: chosenValues });
export type PassFieldChoice = z.infer<typeof passFieldChoice>;
export const allPassFields: PassFieldChoice = { phones: null, emails: null, addresses: null };

/** Apple's three pass colours (foreground: values, label: field labels, background), stored as hex. */
export const applePassSettings = passFieldChoice.extend({
  foregroundColor: z.string(),
  labelColor: z.string(),
  backgroundColor: z.string(),
});
export type ApplePassSettings = z.infer<typeof applePassSettings>;

/** Google Wallet passes take one colour, the background; the text colour follows from it. */
export const googlePassSettings = passFieldChoice.extend({ backgroundColor: z.string() });
export type GooglePassSettings = z.infer<typeof googlePassSettings>;

export const walletSettings = z.object({ apple: applePassSettings, google: googlePassSettings });
export type WalletSettings = z.infer<typeof walletSettings>;

export const applePassSettingsInput = passFieldChoice.extend({
  foregroundColor: hexColourInput,
  labelColor: hexColourInput,
  backgroundColor: hexColourInput,
});
export type ApplePassSettingsInput = z.input<typeof applePassSettingsInput>;
export const googlePassSettingsInput = passFieldChoice.extend({ backgroundColor: hexColourInput });
export type GooglePassSettingsInput = z.input<typeof googlePassSettingsInput>;

/**
 * The credentials passes are signed with: none (the operator switched the development ones off and set no real
 * ones), throwaway development ones made on this server (passes build and update, but no phone installs them),
 * or the operator's real ones.
 */
export const walletCredentialStates = ['not-configured', 'development', 'ready'] as const;
export type WalletCredentialState = (typeof walletCredentialStates)[number];

export const walletStateTexts: Readonly<Record<WalletCredentialState, string>> = {
  'not-configured': 'Not configured: the operator of this server has not set up wallet passes yet.',
  development:
    'Development credentials: passes are signed with throwaway keys made on this server and will not install on a real phone until the operator configures real ones.',
  ready: 'Ready: passes are signed with this server’s real credentials.',
};

export const walletVendorStatus = z.object({
  state: z.enum(walletCredentialStates),
  /** Apple only: devices that registered the pass for updates; Google counts none (it tells no one). */
  devices: z.number().int().nullable(),
});
export type WalletVendorStatus = z.infer<typeof walletVendorStatus>;

export const walletResponse = z.object({
  settings: walletSettings,
  apple: walletVendorStatus,
  google: walletVendorStatus,
  /** Where the tab's buttons lead (the card's own download and save addresses). */
  appleDownloadPath: z.string(),
  googleSavePath: z.string(),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const walletCardParams = z.object({ id: z.string().max(64) });

// ---- Apple's pass web service --------------------------------------------------------------------------

const identifier = z.string().min(1).max(200);
/**
 * The device library identifier Apple's Wallet names itself with (in practice 32 hexadecimal characters; Apple
 * documents no format): letters, digits, dots, dashes and underscores, at most 100 (the longest path parameter
 * the server's router takes) — lenient, but bounded, as it is stored per registration and travels in job payloads.
 */
export const appleDeviceLibraryId = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be a device identifier of 1 to 100 letters, digits, dots, dashes or underscores');
/** An APNs device token is hexadecimal: 32 bytes today, and Apple says it may grow, so 64 to 200 characters. */
export const applePushToken = z.string().regex(/^[0-9a-fA-F]{64,200}$/, 'must be an APNs device token: 64 to 200 hexadecimal characters');
export const appleDeviceRegistrationParams = z.object({ device: appleDeviceLibraryId, passType: identifier, serial: identifier });
export const appleDeviceRegistrationBody = z.object({ pushToken: applePushToken });
export const appleDevicePassesParams = z.object({ device: appleDeviceLibraryId, passType: identifier });
export const appleDevicePassesQuery = z.object({ passesUpdatedSince: z.string().max(64).optional() });
export const applePassParams = z.object({ passType: identifier, serial: identifier });
export const appleLogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });
export const appleSerialNumbersResponse = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });

// ---- The public card page's buttons ----------------------------------------------------------------------

/** The visitor-facing wallet addresses of a card (plain links: they need no JavaScript). */
export const walletPublicPaths = {
  applePass: (cardKey: string) => `/id/${encodeURIComponent(cardKey)}/apple-wallet.pkpass`,
  googleSave: (cardKey: string) => `/id/${encodeURIComponent(cardKey)}/google-wallet`,
} as const;

export const walletTexts = {
  addToApple: 'Add to Apple Wallet',
  addToGoogle: 'Add to Google Wallet',
  downloadApple: 'Download the Apple Wallet pass',
} as const;

/** Which wallet buttons a card's public page shows. */
export interface WalletOffers {
  apple: boolean;
  google: boolean;
}
