import { passContent, sixDigitHex } from '@cardstack/shared/wallet/pass-content';
import type { GooglePassSettings } from '@cardstack/shared/wallet/schemas';
import type { GoogleCredentials } from './wallet-credentials';

/*
 * Google Wallet: one Generic class and one Generic object per card. The "Add to Google Wallet" link carries a
 * save JWT (RS256 with the service account's key, aud "google", typ "savetowallet", our origin); Google stops
 * opening such links above about 1,800 characters, so a pass that would not fit is inserted over the REST API
 * first and the JWT then names only its id. Later card changes PATCH the object over the same API with a
 * service-account OAuth token.
 */

export const saveLinkPrefix = 'https://pay.google.com/gp/v/save/';
/** Longer save links stop working in browsers and in Google's own handler. */
export const saveLinkBudget = 1800;
export const walletObjectScope = 'https://www.googleapis.com/auth/wallet_object.issuer';

type CardForPass = Parameters<typeof passContent>[0] & { id: string; profilePicture: { url: string | null } };

const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });
/** Google ids: `<issuerId>.<suffix>` with the suffix in [A-Za-z0-9._-]. */
const idSuffix = (cardId: string) => cardId.replace(/[^A-Za-z0-9._-]/g, '_');

export function genericClassId(issuerId: string, cardId: string): string {
  return `${issuerId}.card-${idSuffix(cardId)}`;
}

export function genericObjectId(issuerId: string, cardId: string): string {
  return `${issuerId}.${idSuffix(cardId)}`;
}

export function genericClassOf(issuerId: string, cardId: string) {
  return { id: genericClassId(issuerId, cardId) };
}

export interface GenericObjectContext {
  issuerId: string;
  publicUrl: string;
  /** The server's own address: images are offered to Google only from a public HTTPS address. */
  baseUrl: string;
}

export function genericObjectOf(card: CardForPass, settings: GooglePassSettings, context: GenericObjectContext) {
  const content = passContent(card, settings, context.publicUrl);
  const values = (prefix: string) => content.back.filter((field) => field.key.startsWith(prefix));
  const picture = card.profilePicture.url;
  const canShowImages = context.baseUrl.startsWith('https://') && picture?.startsWith('/files/');
  const company = content.header[0]?.value;
  const jobTitle = content.secondary[0]?.value;
  return {
    id: genericObjectId(context.issuerId, card.id),
    classId: genericClassId(context.issuerId, card.id),
    state: 'ACTIVE',
    cardTitle: localized(company ?? 'Business card'),
    header: localized(content.primary[0]?.value ?? ''),
    ...(jobTitle ? { subheader: localized(jobTitle) } : {}),
    textModulesData: [...values('phone'), ...values('email'), ...values('address')].map((field) => ({ id: field.key, header: field.label, body: field.value })),
    linksModuleData: {
      uris: [
        ...values('phone').map((field) => ({ id: field.key, uri: `tel:${field.value.replace(/[^\d+]/g, '')}`, description: field.value })),
        ...values('email').map((field) => ({ id: field.key, uri: `mailto:${field.value}`, description: field.value })),
        { id: 'card', uri: content.barcodeUrl, description: 'Digital business card' },
      ],
    },
    barcode: { type: 'QR_CODE', value: content.barcodeUrl },
    hexBackgroundColor: sixDigitHex(settings.backgroundColor),
    ...(canShowImages ? { logo: { sourceUri: { uri: `${context.baseUrl}${picture}` }, contentDescription: localized(content.primary[0]?.value ?? '') } } : {}),
  };
}
export type GenericObject = ReturnType<typeof genericObjectOf>;

/** The save JWT with the given payload (whole class and object, or only the object's ids). */
export async function signSaveJwt(credentials: GoogleCredentials, payload: Record<string, unknown>, origins: string[], nowSeconds: number): Promise<string> {
  // jose is loaded on the first wallet pass, not at start (start-imports.test.ts).
  const { importPKCS8, SignJWT } = await import('jose');
  const key = await importPKCS8(credentials.privateKey, 'RS256');
  return new SignJWT({ typ: 'savetowallet', origins, payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(credentials.clientEmail)
    .setAudience('google')
    .setIssuedAt(nowSeconds)
    .sign(key);
}

/**
 * The save link: the whole class and object when the link stays within the budget, otherwise `insert` puts
 * them in Google's store first and the link names only the object.
 */
export async function saveLinkOf(
  credentials: GoogleCredentials,
  pass: { genericClass: { id: string }; genericObject: GenericObject },
  options: { origins: string[]; nowSeconds: number; insert: () => Promise<void> },
): Promise<{ url: string; isInserted: boolean }> {
  const whole = await signSaveJwt(credentials, { genericClasses: [pass.genericClass], genericObjects: [pass.genericObject] }, options.origins, options.nowSeconds);
  if (saveLinkPrefix.length + whole.length <= saveLinkBudget) return { url: `${saveLinkPrefix}${whole}`, isInserted: false };
  await options.insert();
  const reference = { genericObjects: [{ id: pass.genericObject.id, classId: pass.genericObject.classId }] };
  return { url: `${saveLinkPrefix}${await signSaveJwt(credentials, reference, options.origins, options.nowSeconds)}`, isInserted: true };
}

export class GoogleWalletError extends Error {}

/** The Wallet REST API with a service-account token (JWT bearer grant), reused until a minute before it expires. */
export function createGoogleWalletClient(options: { apiUrl: string; credentials: GoogleCredentials; now?: () => number }) {
  const now = options.now ?? Date.now;
  let accessToken: { value: string; expiresAt: number } | null = null;

  async function token(): Promise<string> {
    if (accessToken && now() < accessToken.expiresAt) return accessToken.value;
    const { credentials } = options;
    const { importPKCS8, SignJWT } = await import('jose');
    const key = await importPKCS8(credentials.privateKey, 'RS256');
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: walletObjectScope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(credentials.clientEmail)
      .setAudience(credentials.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(key);
    const response = await fetch(credentials.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new GoogleWalletError(`Google's token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new GoogleWalletError('Google answered without an access token');
    accessToken = { value: body.access_token, expiresAt: now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return accessToken.value;
  }

  async function call(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<number> {
    const response = await fetch(`${options.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    if (response.status === 401) accessToken = null;
    return response.status;
  }

  const ok = (status: number) => status >= 200 && status < 300;

  return {
    /** Class and object into Google's store; ones that exist already are brought up to date. */
    async insert(pass: { genericClass: { id: string }; genericObject: GenericObject }): Promise<void> {
      const classStatus = await call('POST', '/genericClass', pass.genericClass);
      if (!ok(classStatus) && classStatus !== 409) throw new GoogleWalletError(`Inserting the pass class: Google answered ${classStatus}`);
      const objectStatus = await call('POST', '/genericObject', pass.genericObject);
      if (objectStatus === 409) {
        await this.patch(pass.genericObject);
        return;
      }
      if (!ok(objectStatus)) throw new GoogleWalletError(`Inserting the pass: Google answered ${objectStatus}`);
    },

    /** `missing`: nobody saved the pass yet (Google creates the object on the first save). */
    async patch(object: GenericObject): Promise<'patched' | 'missing'> {
      const status = await call('PATCH', `/genericObject/${encodeURIComponent(object.id)}`, object);
      if (status === 404) return 'missing';
      if (!ok(status)) throw new GoogleWalletError(`Updating the pass: Google answered ${status}`);
      return 'patched';
    },
  };
}
export type GoogleWalletClient = ReturnType<typeof createGoogleWalletClient>;
