import { hexToRgbString, passContent, type PassField } from '@cardstack/shared/wallet/pass-content';
import type { ApplePassSettings } from '@cardstack/shared/wallet/schemas';
import { applePassStrings } from './pass-labels';
import type { AppleCredentials } from './wallet-credentials';

/*
 * The Apple Wallet pass of a card: a `generic` pass whose QR code holds the public card address. pass.json is
 * built here as plain data (unit-tested); passkit-generator writes the manifest (SHA-1 of every file) and the
 * detached PKCS#7 signature with the signer's key, embedding the WWDR certificate and a signing time.
 */

export const pkpassContentType = 'application/vnd.apple.pkpass';

export interface PassJsonContext {
  passTypeId: string;
  teamId: string;
  /** Stable per card: the card's id. */
  serialNumber: string;
  /** The public card address the QR code carries (by id: never changes). */
  publicUrl: string;
  /** `$BASE_URL/api/wallet/apple/`: where the device registers and fetches updates. */
  webServiceUrl: string;
  authenticationToken: string;
  organizationName: string;
}

type CardForPass = Parameters<typeof passContent>[0];

const appleField = (field: PassField) => ({ key: field.key, label: field.label, value: field.value });

/** Apple's pass.json for the card. Empty values never appear (Wallet shows an empty field as a blank row). */
export function buildPassJson(card: CardForPass, settings: ApplePassSettings, context: PassJsonContext) {
  const content = passContent(card, settings, context.publicUrl);
  return {
    formatVersion: 1,
    passTypeIdentifier: context.passTypeId,
    teamIdentifier: context.teamId,
    serialNumber: context.serialNumber,
    organizationName: card.companyName.trim() || context.organizationName,
    description: content.description,
    logoText: card.companyName.trim() || undefined,
    foregroundColor: hexToRgbString(settings.foregroundColor),
    labelColor: hexToRgbString(settings.labelColor),
    backgroundColor: hexToRgbString(settings.backgroundColor),
    webServiceURL: context.webServiceUrl,
    authenticationToken: context.authenticationToken,
    // An explicit QR object: the library's string shortcut would emit every barcode format.
    barcodes: [{ format: 'PKBarcodeFormatQR' as const, message: content.barcodeUrl, messageEncoding: 'iso-8859-1' }],
    generic: {
      headerFields: content.header.map(appleField),
      primaryFields: content.primary.map(appleField),
      secondaryFields: content.secondary.map(appleField),
      auxiliaryFields: content.auxiliary.map(appleField),
      backFields: [...content.details, ...content.back].map(appleField),
    },
  };
}
export type PassJson = ReturnType<typeof buildPassJson>;

/** The pass's images by file name (icon.png, icon@2x.png … logo.png, thumbnail.png …). */
export type PassImages = Record<string, Buffer>;

/** The pass's labels in every language (`pass-labels.ts`), by .lproj folder name. */
export function applePassStringsOf(card: CardForPass, settings: ApplePassSettings, publicUrl: string): Record<string, Record<string, string>> {
  return applePassStrings(passContent(card, settings, publicUrl));
}

/**
 * The signed .pkpass (a zip), with a `{language}.lproj/pass.strings` per language of `strings`. The library
 * (with node-forge and joi) loads on the first pass, not at start-up.
 */
export async function signPass(passJson: PassJson, images: PassImages, credentials: AppleCredentials, strings: Record<string, Record<string, string>> = {}): Promise<Buffer> {
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson), 'utf8'), ...images },
    {
      wwdr: credentials.wwdr,
      signerCert: credentials.signerCert,
      signerKey: credentials.signerKey,
      ...(credentials.signerKeyPassphrase ? { signerKeyPassphrase: credentials.signerKeyPassphrase } : {}),
    },
  );
  for (const [language, translations] of Object.entries(strings)) pass.localize(language, translations);
  return pass.getAsBuffer();
}
