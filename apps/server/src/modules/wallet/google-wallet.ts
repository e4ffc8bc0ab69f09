import crypto from 'node:crypto';
import { locales, type Locale } from '@cardstack/shared/i18n/locales';
import { passContent, sixDigitHex, type PassField } from '@cardstack/shared/wallet/pass-content';
import type { GooglePassSettings } from '@cardstack/shared/wallet/schemas';
import { passLabelIn, passTextIn } from './pass-labels';
import type { GoogleCredentials } from './wallet-credentials';

/*
 * Google Wallet: one Generic class and one Generic object per card. The class carries the card's phones, emails
 * and addresses and its links, under labels in every language (LocalizedString: English by default, the other
 * languages as translated values; the phone shows its own); the object carries the name, job title, company,
 * colour, picture and QR code. Labels in seven languages make the class too big for a save link, so with a
 * reachable API the class is put in Google's store (PUT, or POST when new) whenever what it holds changes — once
 * per change of the card, by the job and, if the job has not run yet, by the first save — and the link's JWT
 * (RS256 with the service account's key, aud "google", typ "savetowallet", our origin) carries only the object.
 * Google stops opening such links above about 1,800 characters, so an object that would not fit is inserted
 * first and the JWT then names only its id. Card changes replace the object (PUT) over the same API with a
 * service-account OAuth token. Without a reachable API (development keys) the JWT carries class and object.
 */

export const saveLinkPrefix = 'https://pay.google.com/gp/v/save/';
/** Longer save links stop working in browsers and in Google's own handler. */
export const saveLinkBudget = 1800;
export const walletObjectScope = 'https://www.googleapis.com/auth/wallet_object.issuer';

type CardForPass = Parameters<typeof passContent>[0] & { id: string; profilePicture: { url: string | null } };

const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });
const translatedLocales = locales.filter((locale) => locale !== 'en');

/** A text in English by default and in every other language that says it differently (Google's LocalizedString). */
function inEveryLanguage(textIn: (locale: Locale) => string) {
  const english = textIn('en');
  const translatedValues = translatedLocales.map((language) => ({ language, value: textIn(language) })).filter((entry) => entry.value !== english);
  return { defaultValue: { language: 'en-US', value: english }, ...(translatedValues.length > 0 ? { translatedValues } : {}) };
}
const labelOf = (field: PassField) => inEveryLanguage((locale) => passLabelIn(field, locale));
/** Google ids: `<issuerId>.<suffix>` with the suffix in [A-Za-z0-9._-]. */
const idSuffix = (cardId: string) => cardId.replace(/[^A-Za-z0-9._-]/g, '_');

export function genericClassId(issuerId: string, cardId: string): string {
  return `${issuerId}.card-${idSuffix(cardId)}`;
}

export function genericObjectId(issuerId: string, cardId: string): string {
  return `${issuerId}.${idSuffix(cardId)}`;
}

export interface GenericObjectContext {
  issuerId: string;
  publicUrl: string;
  /** The server's own address: images are offered to Google only from a public HTTPS address. */
  baseUrl: string;
}

/** The card's class: its phones, emails and addresses under labels in every language, and its links. */
export function genericClassOf(card: CardForPass, settings: GooglePassSettings, context: GenericObjectContext) {
  const content = passContent(card, settings, context.publicUrl);
  const values = (prefix: string) => content.back.filter((field) => field.key.startsWith(prefix));
  return {
    id: genericClassId(context.issuerId, card.id),
    textModulesData: [...values('phone'), ...values('email'), ...values('address')].map((field) => ({
      id: field.key,
      header: field.label,
      localizedHeader: labelOf(field),
      body: field.value,
    })),
    linksModuleData: {
      uris: [
        ...values('phone').map((field) => ({ id: field.key, uri: `tel:${field.value.replace(/[^\d+]/g, '')}`, description: field.value })),
        ...values('email').map((field) => ({ id: field.key, uri: `mailto:${field.value}`, description: field.value })),
        { id: 'card', uri: content.barcodeUrl, description: passTextIn('en')('digitalBusinessCard'), localizedDescription: inEveryLanguage((locale) => passTextIn(locale)('digitalBusinessCard')) },
      ],
    },
  };
}
export type GenericClass = ReturnType<typeof genericClassOf>;

/** What the class holds, in short: the class in Google's store is replaced only when this changes. */
export function genericClassTag(genericClass: GenericClass): string {
  return crypto.createHash('sha256').update(JSON.stringify(genericClass)).digest('base64url').slice(0, 22);
}

/** The card's object: what the pass shows in front (the labels and links are its class's). */
export function genericObjectOf(card: CardForPass, settings: GooglePassSettings, context: GenericObjectContext) {
  const content = passContent(card, settings, context.publicUrl);
  const picture = card.profilePicture.url;
  const canShowImages = context.baseUrl.startsWith('https://') && picture?.startsWith('/files/');
  const company = content.header[0]?.value;
  const jobTitle = content.secondary[0]?.value;
  return {
    id: genericObjectId(context.issuerId, card.id),
    classId: genericClassId(context.issuerId, card.id),
    state: 'ACTIVE',
    // Without a company the title is ours, so it is said in every language.
    cardTitle: company ? localized(company) : inEveryLanguage((locale) => passTextIn(locale)('businessCard')),
    header: localized(content.primary[0]?.value ?? ''),
    ...(jobTitle ? { subheader: localized(jobTitle) } : {}),
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
 * The save link. With Google's API (`api`): the class is made sure of first (`ensureClass`: put in Google's store
 * unless it is there as it is), and the JWT carries the object, or only its ids once `insertObject` has put an
 * object too big for the link in the store. Without it (development keys): class and object in the JWT, however
 * long — nothing can be stored, and such passes are never installed anyway.
 */
export async function saveLinkOf(
  credentials: GoogleCredentials,
  pass: { genericClass: GenericClass; genericObject: GenericObject },
  options: { origins: string[]; nowSeconds: number; api: { ensureClass: () => Promise<void>; insertObject: () => Promise<void> } | null },
): Promise<{ url: string; isInserted: boolean }> {
  const sign = async (payload: Record<string, unknown>) => `${saveLinkPrefix}${await signSaveJwt(credentials, payload, options.origins, options.nowSeconds)}`;
  if (!options.api) return { url: await sign({ genericClasses: [pass.genericClass], genericObjects: [pass.genericObject] }), isInserted: false };
  await options.api.ensureClass();
  const whole = await sign({ genericObjects: [pass.genericObject] });
  if (whole.length <= saveLinkBudget) return { url: whole, isInserted: false };
  await options.api.insertObject();
  return { url: await sign({ genericObjects: [{ id: pass.genericObject.id, classId: pass.genericObject.classId }] }), isInserted: true };
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

  async function call(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown): Promise<number> {
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
    /** The class into Google's store, replacing the one there: PUT, or POST when Google has none yet. */
    async putClass(genericClass: GenericClass): Promise<void> {
      const path = `/genericClass/${encodeURIComponent(genericClass.id)}`;
      let status = await call('PUT', path, genericClass);
      if (status === 404) {
        status = await call('POST', '/genericClass', genericClass);
        // Another process made it meanwhile: replace that one.
        if (status === 409) status = await call('PUT', path, genericClass);
      }
      if (!ok(status)) throw new GoogleWalletError(`Storing the pass class: Google answered ${status}`);
    },

    /** The object into Google's store; one that exists already is brought up to date. */
    async insertObject(object: GenericObject): Promise<void> {
      const objectStatus = await call('POST', '/genericObject', object);
      if (objectStatus === 409) {
        await this.replaceObject(object);
        return;
      }
      if (!ok(objectStatus)) throw new GoogleWalletError(`Inserting the pass: Google answered ${objectStatus}`);
    },

    /**
     * The object in Google's store replaced by this one (PUT: a PATCH would keep the fields it lacks, such as the
     * English text modules objects carried before their labels moved to the class). `missing`: nobody saved the
     * pass yet (Google creates the object on the first save).
     */
    async replaceObject(object: GenericObject): Promise<'replaced' | 'missing'> {
      const status = await call('PUT', `/genericObject/${encodeURIComponent(object.id)}`, object);
      if (status === 404) return 'missing';
      if (!ok(status)) throw new GoogleWalletError(`Updating the pass: Google answered ${status}`);
      return 'replaced';
    },
  };
}
export type GoogleWalletClient = ReturnType<typeof createGoogleWalletClient>;
