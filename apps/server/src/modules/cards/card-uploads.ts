import { maxDownloadableFileBytes, maxDownloadableFilesPerCard, toDisplayFileName } from '@cardstack/shared/cards/files';
import type { ImageSlot } from '@cardstack/shared/cards/images';
import type { Card } from '@cardstack/shared/cards/schemas';
import { AppError, badRequest, notFound } from '../../http/errors';
import { reencodeImage } from '../storage/storage-module';
import type { CardCaller } from './card-access';
import { detectDownloadableFileType } from './card-file-types';
import { randomId } from './card-ids';
import { bestEffort, changeLockedCard, vcardCleared, type CardsDeps } from './card-deps';
import { getCard, getCardWithFeature } from './card-reads';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * A card's images and downloadable files: checked by content, re-encoded or stored under generated names, removed
 * with the card.
 */

/** A card's stored files live in these four folders, keyed by card id; deleting a card empties all four. */
export const cardStorageFolders = ['images', 'files', 'appleWallets', 'vcf-files'] as const;

const tooManyFiles = keyed('tooManyFiles', { max: maxDownloadableFilesPerCard });

const imageSizes: Record<ImageSlot, { maxWidth: number; maxHeight: number }> = {
  cover: { maxWidth: 1600, maxHeight: 1600 },
  profile: { maxWidth: 800, maxHeight: 800 },
};

const imageField = { cover: 'coverImage', profile: 'profilePicture' } as const;

const fileUrl = (key: string) => `/files/${key}`;

/** The storage key behind one of this card's file URLs; null for anything else (never delete outside the card). */
function keyOfCardFile(url: string | null, folder: (typeof cardStorageFolders)[number], cardId: string): string | null {
  const prefix = `/files/${folder}/${cardId}/`;
  return url?.startsWith(prefix) ? url.slice('/files/'.length) : null;
}

export async function deleteCardFiles(deps: CardsDeps, cardId: string): Promise<void> {
  for (const folder of cardStorageFolders) {
    await bestEffort(deps, `Deleting ${folder}/${cardId}/`, () => deps.storage.deletePrefix(`${folder}/${cardId}/`));
  }
}

/**
 * Cover image or profile picture: checked by content, resized and re-encoded (metadata stripped), stored
 * under a new random name; the previous file is removed once the card points at the new one.
 */
export async function setCardImage(
  deps: CardsDeps,
  caller: CardCaller,
  cardId: string,
  slot: ImageSlot,
  upload: Buffer,
): Promise<Card> {
  await getCard(deps, caller, cardId);
  const image = await reencodeImage(upload, imageSizes[slot]);
  const key = `images/${cardId}/${randomId(16)}.webp`;
  await deps.storage.put(key, image.body, image.contentType);
  let previousUrl: string | null = null;
  let updated: Card;
  try {
    updated = await changeLockedCard(deps, caller, cardId, (current) => {
      previousUrl = current[imageField[slot]].url;
      return { [imageField[slot]]: { ...current[imageField[slot]], url: fileUrl(key) }, ...vcardCleared };
    });
  } catch (error) {
    await bestEffort(deps, `Removing unused image ${key}`, () => deps.storage.delete(key));
    throw error;
  }
  const previousKey = keyOfCardFile(previousUrl, 'images', cardId);
  if (previousKey && previousKey !== key) await bestEffort(deps, `Removing ${previousKey}`, () => deps.storage.delete(previousKey));
  return updated;
}

export async function removeCardImage(deps: CardsDeps, caller: CardCaller, cardId: string, slot: ImageSlot): Promise<Card> {
  let previousUrl: string | null = null;
  const updated = await changeLockedCard(deps, caller, cardId, (current) => {
    previousUrl = current[imageField[slot]].url;
    return { [imageField[slot]]: { ...current[imageField[slot]], url: null }, ...vcardCleared };
  });
  const previousKey = keyOfCardFile(previousUrl, 'images', cardId);
  if (previousKey) await bestEffort(deps, `Removing ${previousKey}`, () => deps.storage.delete(previousKey));
  return updated;
}

/**
 * A downloadable file: size-limited, its type decided by its content against an allow-list, stored under a
 * generated name. The uploader's file name is kept only as the text the card shows.
 */
export async function addCardFile(
  deps: CardsDeps,
  caller: CardCaller,
  cardId: string,
  upload: { body: Buffer; fileName?: string | undefined },
): Promise<Card> {
  const existing = await getCardWithFeature(deps, caller, cardId, 'attachments');
  if (upload.body.length > maxDownloadableFileBytes) throw new AppError(413, 'file-too-large', keyed('fileTooLarge'), { file: keyed('fileTooLarge') });
  if (existing.downloadableFiles.length >= maxDownloadableFilesPerCard) throw badRequest(tooManyFiles, { file: tooManyFiles });
  const type = detectDownloadableFileType(upload.body, upload.fileName);
  if (!type) throw new AppError(415, 'unsupported-file', keyed('fileNotAllowed'), { file: keyed('fileNotAllowed') });
  const fileId = randomId();
  const key = `files/${cardId}/${fileId}.${type.extension}`;
  await deps.storage.put(key, upload.body, type.contentType);
  try {
    return await changeLockedCard(deps, caller, cardId, (current) => {
      if (current.downloadableFiles.length >= maxDownloadableFilesPerCard) throw badRequest(tooManyFiles, { file: tooManyFiles });
      const added = {
        id: fileId,
        name: toDisplayFileName(upload.fileName, type.extension),
        url: fileUrl(key),
        size: upload.body.length,
        contentType: type.contentType,
      };
      return { downloadableFiles: [...current.downloadableFiles, added] };
    });
  } catch (error) {
    await bestEffort(deps, `Removing unused file ${key}`, () => deps.storage.delete(key));
    throw error;
  }
}

export async function removeCardFile(deps: CardsDeps, caller: CardCaller, cardId: string, fileId: string): Promise<Card> {
  let removedUrl: string | null = null;
  const updated = await changeLockedCard(deps, caller, cardId, (current) => {
    const file = current.downloadableFiles.find((candidate) => candidate.id === fileId);
    if (!file) throw notFound(keyed('fileNotFound'));
    removedUrl = file.url;
    return { downloadableFiles: current.downloadableFiles.filter((candidate) => candidate.id !== fileId) };
  });
  const key = keyOfCardFile(removedUrl, 'files', cardId);
  if (key) await bestEffort(deps, `Removing ${key}`, () => deps.storage.delete(key));
  return updated;
}
