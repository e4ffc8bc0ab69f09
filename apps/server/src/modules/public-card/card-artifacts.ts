import type { Readable } from 'node:stream';
import type { Card } from '@cardstack/shared/cards/schemas';
import { visitSourceMarkers, withVisitSource } from '@cardstack/shared/insights/sources';
import { buildVCard, vcardFileName } from '@cardstack/shared/vcard/vcard-writer';
import type { AnyConnection } from '../../db/schema';
import { recordError } from '../../http/errors';
import { findStoredVCard, recordStoredVCard } from '../cards/cards-module';
import { prepareSignaturePhoto, prepareVCardPhoto, type FileStorage } from '../storage/storage-module';
import { renderQrPng, renderQrSvg } from './qr';

/*
 * The files made from a card when it is saved: its vCard, the QR code of its public address (SVG and PNG), and
 * for email signatures a small PNG code of the address marked as an email's and the photo as a square JPEG.
 * They live under vcf-files/{cardId}/v{version}/, so a file always says which version of the card it was made
 * from: `vcfLink` points into the folder of the version it was made for, and a card whose version moved on
 * (any change bumps it) is seen to need new files. Two processes racing on one card can never leave an old
 * file under the current version's name.
 */

export interface ArtifactsDeps {
  db: AnyConnection;
  storage: FileStorage;
  baseUrl: string;
}

/** A PNG big enough to print on a flyer; the SVG scales to anything. */
export const qrPngSize = 1024;
/** An email signature shows its code at 88 px: three times that stays sharp on any screen and scans from it. */
export const emailQrPngSize = 264;

export interface CardArtifacts {
  version: number;
  vcfKey: string;
  vcfFileName: string;
  qrSvgKey: string;
  qrPngKey: string;
  /** The QR code of the address marked `?src=email`, for email signatures. */
  qrEmailPngKey: string;
  /** The photo as a square JPEG for email signatures; there is a file only when the card has a photo. */
  photoKey: string;
}

const folderOf = (cardId: string, version: number) => `vcf-files/${cardId}/v${version}/`;

function artifactsOf(cardId: string, version: number, fileName: string): CardArtifacts {
  const folder = folderOf(cardId, version);
  return {
    version,
    vcfKey: `${folder}${fileName}`,
    vcfFileName: fileName,
    qrSvgKey: `${folder}qr.svg`,
    qrPngKey: `${folder}qr.png`,
    qrEmailPngKey: `${folder}qr-email.png`,
    photoKey: `${folder}photo.jpg`,
  };
}

/** The address the vCard and the QR code carry (the code with `?src=qr`): by id, which never changes, so printed codes keep working. */
export function permanentCardUrl(baseUrl: string, cardId: string): string {
  return `${baseUrl}/id/${encodeURIComponent(cardId)}/`;
}

/** The artifacts recorded on the card when they were made for its current version; null when stale or missing. */
export function currentArtifacts(card: Pick<Card, 'id' | 'version' | 'vcfFileName' | 'vcfLink'>): CardArtifacts | null {
  if (!card.vcfFileName || !card.vcfLink) return null;
  const expected = `/files/${folderOf(card.id, card.version)}${card.vcfFileName}`;
  return card.vcfLink === expected ? artifactsOf(card.id, card.version, card.vcfFileName) : null;
}

export async function readStream(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The profile picture prepared by `prepare`; none when there is none or it cannot be read. */
async function preparedPhoto(deps: ArtifactsDeps, card: Card, purpose: string, prepare: (image: Buffer) => Promise<Buffer>): Promise<Buffer | null> {
  const prefix = `/files/images/${card.id}/`;
  const url = card.profilePicture.url;
  if (!url?.startsWith(prefix)) return null;
  try {
    const stored = await deps.storage.get(url.slice('/files/'.length));
    return stored ? await prepare(await readStream(stored.body)) : null;
  } catch (error) {
    await recordError(deps.db, `${purpose} of card ${card.id}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

const vcardPhoto = (deps: ArtifactsDeps, card: Card) => preparedPhoto(deps, card, 'vCard photo', prepareVCardPhoto);
const signaturePhoto = (deps: ArtifactsDeps, card: Card) =>
  preparedPhoto(deps, card, 'Email signature photo', (image) => prepareSignaturePhoto(image, card.profilePicture.position));

export async function buildCardVCard(deps: ArtifactsDeps, card: Card): Promise<string> {
  return buildVCard({
    name: card.name,
    companyName: card.companyName,
    jobTitle: card.jobTitle,
    description: card.description,
    phones: [card.phone, ...card.phones],
    emails: [card.email, ...card.emails],
    addresses: [card.address, ...card.addresses],
    links: card.links.map((link) => ({ kind: link.kind, url: link.url, label: link.label })),
    publicUrl: permanentCardUrl(deps.baseUrl, card.id),
    photoJpeg: await vcardPhoto(deps, card),
  });
}

/** The files made for versions of this card that `isWanted` picks (other files in vcf-files are left alone). */
export async function generatedKeys(deps: ArtifactsDeps, cardId: string, isWanted: (version: number) => boolean): Promise<string[]> {
  const prefix = `vcf-files/${cardId}/`;
  return (await deps.storage.list(prefix)).filter((key) => {
    const version = /^v(\d+)\//.exec(key.slice(prefix.length))?.[1];
    return version !== undefined && isWanted(Number(version));
  });
}

export async function deleteQuietly(deps: ArtifactsDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      await recordError(deps.db, `Removing ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export interface GeneratedArtifacts {
  artifacts: CardArtifacts;
  /** The bytes just stored, so the request that asked for them need not read them back. */
  vcard: Buffer;
  qrSvg: Buffer;
  qrPng: Buffer;
  qrEmailPng: Buffer;
  /** Null when the card has no photo (or it could not be read). */
  photo: Buffer | null;
  /** Whether the card was still at this version when the files were recorded. */
  isCurrent: boolean;
}

/**
 * Makes and stores the vCard and the QR codes of this version of the card, then records the vCard on the card
 * if the card is still at this version, and removes older versions' files. Files of a version that was
 * overtaken meanwhile stay until the newer version is recorded (whoever asked for them may be sending them).
 */
export async function generateArtifacts(deps: ArtifactsDeps, card: Card): Promise<GeneratedArtifacts> {
  const artifacts = artifactsOf(card.id, card.version, vcardFileName(card.name));
  const url = permanentCardUrl(deps.baseUrl, card.id);
  // The QR code carries the source marker, so a scan is counted as one; the vCard keeps the plain address.
  const qrUrl = withVisitSource(url, visitSourceMarkers.qr);
  const [vcardText, svg, qrPng, qrEmailPng, photo] = await Promise.all([
    buildCardVCard(deps, card),
    renderQrSvg(qrUrl),
    renderQrPng(qrUrl, qrPngSize),
    renderQrPng(withVisitSource(url, visitSourceMarkers.email), emailQrPngSize),
    signaturePhoto(deps, card),
  ]);
  const vcard = Buffer.from(vcardText, 'utf8');
  const qrSvg = Buffer.from(svg, 'utf8');
  await deps.storage.put(artifacts.qrSvgKey, qrSvg, 'image/svg+xml');
  await deps.storage.put(artifacts.qrPngKey, qrPng, 'image/png');
  await deps.storage.put(artifacts.qrEmailPngKey, qrEmailPng, 'image/png');
  if (photo) await deps.storage.put(artifacts.photoKey, photo, 'image/jpeg');
  // The vCard last: its presence is what `vcfLink` promises.
  await deps.storage.put(artifacts.vcfKey, vcard, 'text/vcard; charset=utf-8');

  const isCurrent = await recordStoredVCard(deps.db, card.id, card.version, artifacts.vcfFileName, `/files/${artifacts.vcfKey}`);
  if (isCurrent) {
    await deleteQuietly(deps, await generatedKeys(deps, card.id, (version) => version < card.version));
  } else if (!(await findStoredVCard(deps.db, card.id))) {
    // The card was deleted while its files were made: they would outlive it.
    await deleteQuietly(deps, await generatedKeys(deps, card.id, () => true));
  }
  return { artifacts, vcard, qrSvg, qrPng, qrEmailPng, photo, isCurrent };
}
