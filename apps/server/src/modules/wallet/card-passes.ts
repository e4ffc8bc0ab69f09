import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Card } from '@cardstack/shared/cards/schemas';
import { vcardFileName } from '@cardstack/shared/vcard/vcard-writer';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound, recordError } from '../../http/errors';
import { applePassStringsOf, buildPassJson, pkpassContentType, signPass, type PassJson } from './apple-pass';
import { genericClassOf, genericClassTag, genericObjectOf, type GenericClass, type GoogleWalletClient } from './google-wallet';
import { passImages } from './pass-images';
import { passSettingsOf } from './pass-settings';
import { authTokenOf, tokenHashOf } from './wallet-access';
import { applePushFanOutJob } from './wallet-job-kinds';
import * as repository from './wallet-repository';
import type { WalletState } from './wallet-state';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * A card's passes as they are now: the Apple pass file (the stored one while it shows the card as it is, else
 * made, signed and stored under appleWallets/{cardId}/v{version}-{tag}/) and the Google pass's class and object.
 * apple-pass.ts and google-wallet.ts build them from plain data; this file brings the card, its settings and
 * this server's credentials.
 */

type PassRecord = repository.WalletPassRecord | null;

/** What the Apple pass of the card is now: its pass.json, a tag that changes exactly when the pass would, its token. */
export interface DescribedApplePass {
  passJson: PassJson;
  /** Its labels in every language, by .lproj folder. */
  strings: Record<string, Record<string, string>>;
  tag: string;
  token: string;
}

const storedPassFolder = (cardId: string) => `appleWallets/${cardId}/`;
/** The public card address the passes carry: by id, so it never changes. */
const permanentUrl = (state: WalletState, cardId: string) => `${state.baseUrl}/id/${encodeURIComponent(cardId)}/`;

/**
 * The address a card's passes carry (barcode, links, back fields): its permanent one here, or, once its account
 * moved to another server, its page there (docs/decisions/0057-the-old-addresses-follow.md). The passes' web
 * service stays this server's: devices keep asking it for updates, so an undone move reaches them too.
 */
export async function passUrlOf(state: WalletState, cardId: string): Promise<string> {
  return (await state.movedCardUrl?.(cardId)) ?? permanentUrl(state, cardId);
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function profilePictureOf(state: WalletState, card: Card): Promise<Buffer | null> {
  const prefix = `/files/images/${card.id}/`;
  const url = card.profilePicture.url;
  if (!url?.startsWith(prefix)) return null;
  try {
    const stored = await state.storage.get(url.slice('/files/'.length));
    return stored ? await readAll(stored.body) : null;
  } catch (error) {
    await recordError(state.db, `Wallet pass picture of card ${card.id}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** The card's Apple pass as it would be now; null when this server has no Apple credentials. */
export function describeApplePass(state: WalletState, card: Card, record: PassRecord, publicUrl: string): DescribedApplePass | null {
  const { apple } = state.credentials();
  if (!apple.credentials) return null;
  const settings = passSettingsOf(card, record).apple;
  const token = authTokenOf(state, card.id);
  const passJson = buildPassJson(card, settings, {
    passTypeId: apple.credentials.passTypeId,
    teamId: apple.credentials.teamId,
    serialNumber: card.id,
    publicUrl,
    webServiceUrl: state.webServiceUrl,
    authenticationToken: token,
    organizationName: new URL(state.baseUrl).hostname,
  });
  const strings = applePassStringsOf(card, settings, publicUrl);
  const tag = crypto
    .createHash('sha256')
    .update(JSON.stringify([passJson, strings, card.profilePicture.url, apple.credentials.signerCert]))
    .digest('base64url')
    .slice(0, 16);
  return { passJson, strings, tag, token };
}

/**
 * Makes, stores and records the card's current Apple pass; the transaction that records it queues the one
 * job that wakes the registered devices (they then fetch this pass), whatever their number. Older pass files
 * of the card go.
 */
export async function makeApplePass(state: WalletState, card: Card, record: PassRecord, described: DescribedApplePass): Promise<Buffer> {
  const credentials = state.credentials().apple.credentials;
  if (!credentials) throw new AppError(503, 'wallet-not-configured', keyed('noApplePass'));
  const settings = passSettingsOf(card, record).apple;
  const images = await passImages(settings, await profilePictureOf(state, card));
  const body = await signPass(described.passJson, images, credentials, described.strings);
  const key = `${storedPassFolder(card.id)}v${card.version}-${described.tag}/${vcardFileName(card.name).replace(/\.vcf$/, '')}.pkpass`;
  await state.storage.put(key, body, pkpassContentType);
  const isRecorded = await state.db.transaction().execute(async (trx: AnyConnection) => {
    const recorded = await repository.recordPassFile(trx, card.id, { tag: described.tag, key, tokenHash: tokenHashOf(described.token) }, state.now().toISOString());
    if (recorded && (await repository.countDevicesOfCard(trx, card.id)) > 0) await state.jobs.enqueue(trx, applePushFanOutJob, { cardId: card.id });
    return recorded;
  });
  if (isRecorded) {
    // Only passes this module made (v{version}-{tag}/…): anything else in the folder is not ours to judge.
    const isGeneratedPass = (candidate: string) => /^v\d+-[\w-]+\//.test(candidate.slice(storedPassFolder(card.id).length));
    for (const old of await state.storage.list(storedPassFolder(card.id))) {
      if (old !== key && isGeneratedPass(old)) await state.storage.delete(old).catch(() => undefined);
    }
  }
  return body;
}

/** The card's current Apple pass: the stored one when it shows this card as it is, else made now. */
export async function currentApplePass(state: WalletState, card: Card): Promise<Buffer | Readable> {
  const record = await repository.findWalletPass(state.db, card.id);
  const described = describeApplePass(state, card, record, await passUrlOf(state, card.id));
  if (!described) throw notFound(keyed('noApplePass'));
  if (record?.passTag === described.tag && record.passKey) {
    const stored = await state.storage.get(record.passKey);
    if (stored) return stored.body;
  }
  return makeApplePass(state, card, record, described);
}

/** The card's Google pass (its class and object) with the credentials that sign it; null without Google credentials. */
export async function googlePassOf(state: WalletState, card: Card) {
  const google = state.credentials().google.credentials;
  if (!google) return null;
  const record = await repository.findWalletPass(state.db, card.id);
  const context = { issuerId: google.issuerId, publicUrl: await passUrlOf(state, card.id), baseUrl: state.baseUrl };
  const settings = passSettingsOf(card, record).google;
  return { credentials: google, genericClass: genericClassOf(card, settings, context), genericObject: genericObjectOf(card, settings, context) };
}

/**
 * Puts the card's Google pass class in Google's store unless the store holds it as it is: once per change of what
 * it shows (its labels in every language make it too big for a save link).
 */
export async function storeGoogleClass(state: WalletState, api: GoogleWalletClient, cardId: string, genericClass: GenericClass): Promise<void> {
  const tag = genericClassTag(genericClass);
  if ((await repository.findGoogleClassTag(state.db, cardId)) === tag) return;
  await api.putClass(genericClass);
  await repository.recordGoogleClass(state.db, cardId, tag, state.now().toISOString());
}
