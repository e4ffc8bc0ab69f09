import { findCardByAddress } from '../cards/cards-module';
import { blockedCardsOf, physicalCardKey, refOf } from './card-address';
import type { PageEntry, PublicCardDeps, PublicCardState } from './public-card-state';

/** The storage folders whose second segment is a card id: what a public card links to, served at /files. */
export const publicCardFileFolders = ['images', 'files', 'vcf-files', 'appleWallets'] as const;
const cardFileFolders = new Set<string>(publicCardFileFolders);

/**
 * Whether a stored file may be served at /files/{key}: the images, files and generated files of a card
 * blocked by its plan's allowance are not, except to the card's owner (the editor still shows them).
 * Keys outside a card's folder (account photos) are not the public page's to judge.
 */
export async function isFileServable(
  deps: PublicCardDeps,
  state: PublicCardState,
  key: string,
  viewerId: () => Promise<string | null>,
): Promise<boolean> {
  const [folder, cardId] = key.split('/');
  if (!folder || !cardId || !cardFileFolders.has(folder)) return true;
  // The folder names the card itself. A card made from a pre-order shares its id with the physical card's
  // address, which follows moves to another card, so such a card is looked up by its id alone.
  const ref = physicalCardKey.test(cardId) ? await findCardByAddress(deps.db, cardId) : await refOf(deps, state, cardId, false);
  if (ref?.id !== cardId) return true;
  const blocked = await blockedCardsOf(deps, state, ref.ownerId);
  if (!blocked?.has(ref.id)) return true;
  return (await viewerId()) === ref.ownerId;
}

/** A file the card offers for download (/id/{key}/f/{fileId}): its storage key and name; null when it has none such. */
export function fileOf(entry: PageEntry, fileId: string): { key: string; name: string } | null {
  const file = entry.card.downloadableFiles.find((candidate) => candidate.id === fileId);
  const prefix = `/files/files/${entry.card.id}/`;
  if (!file?.url.startsWith(prefix)) return null;
  return { key: file.url.slice('/files/'.length), name: file.name };
}

/** A stored file, or null when it is gone or storage cannot be read (the route answers 404 either way). */
export async function storedFile(deps: Pick<PublicCardDeps, 'storage'>, key: string) {
  try {
    return await deps.storage.get(key);
  } catch {
    return null;
  }
}
