import { z } from 'zod';
import { maxDownloadableFileBytes, maxDownloadableFilesPerCard, toDisplayFileName } from '@cardstack/shared/cards/files';
import { cardEditableFields, type Card } from '@cardstack/shared/cards/schemas';
import { usernameField } from '@cardstack/shared/cards/username';
import { keyed } from '@cardstack/shared/i18n/keyed';
import type { AnyConnection } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { reencodeImage } from '../storage/storage-module';
import type { AccountArchivePart, AccountArchiveReader, AccountImportContext } from '../module-contract';
import { isCardLimitError } from './card-allowance';
import { detectDownloadableFileType } from './card-file-types';
import { randomId } from './card-ids';
import * as repository from './card-repository';
import { now, type CardsDeps } from './card-deps';

/*
 * The cards' part of an account archive: the user's own cards (team cards stay with the team) in `cards/cards.json`,
 * their images and downloadable files beside it. On import each card gets a new id; it keeps its username when no
 * other card here answers to it, else gets a generated one (the report says which); a card beyond the plan's
 * allowance, or one this server's editor rules refuse, is left out and reported. Images are re-encoded like uploads
 * and files checked by content like uploads.
 */

const cardsFile = 'cards/cards.json';
const folderOf = (cardId: string) => `cards/${cardId}/`;

const imageSizes = { coverImage: { maxWidth: 1600, maxHeight: 1600 }, profilePicture: { maxWidth: 800, maxHeight: 800 } } as const;
const imageSlots = ['coverImage', 'profilePicture'] as const;

/** A card as the archive carries it: what the editor shows, with file addresses relative to the card's folder. */
const archivedCard = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  username: z.string().max(64),
  isDefault: z.boolean(),
  createdAt: z.string().max(64),
  coverImage: z.object({ url: z.string().max(300).nullable() }).passthrough(),
  profilePicture: z.object({ url: z.string().max(300).nullable() }).passthrough(),
  downloadableFiles: z
    .array(z.object({ name: z.string().max(300), url: z.string().max(300) }).passthrough())
    .max(maxDownloadableFilesPerCard),
});
const archivedCards = z.array(archivedCard.passthrough()).max(1000);

const fileUrlPrefix = '/files/';
const relativePathOf = (url: string | null, cardId: string): string | null => {
  for (const folder of ['images', 'files']) {
    const prefix = `${fileUrlPrefix}${folder}/${cardId}/`;
    if (url?.startsWith(prefix) && !url.slice(prefix.length).includes('/')) return `${folder}/${url.slice(prefix.length)}`;
  }
  return null;
};
const storageKeyOf = (url: string) => url.slice(fileUrlPrefix.length);

/** The archive's form of a card: no owner, team, product, vCard or version (they belong to this server). */
function toArchived(card: Card) {
  return {
    id: card.id,
    username: card.username,
    isDefault: card.isDefault,
    title: card.title,
    name: card.name,
    companyName: card.companyName,
    jobTitle: card.jobTitle,
    description: card.description,
    email: card.email,
    phone: card.phone,
    address: card.address,
    addressLink: card.addressLink,
    emails: card.emails,
    phones: card.phones,
    addresses: card.addresses,
    coverImage: { ...card.coverImage, url: relativePathOf(card.coverImage.url, card.id) },
    profilePicture: { ...card.profilePicture, url: relativePathOf(card.profilePicture.url, card.id) },
    links: card.links,
    downloadableFiles: card.downloadableFiles.flatMap((file) => {
      const url = relativePathOf(file.url, card.id);
      return url ? [{ ...file, url }] : [];
    }),
    widgets: card.widgets,
    theme: card.theme,
    leadForm: card.leadForm,
    pageLanguage: card.pageLanguage,
    createdAt: card.createdAt,
  };
}

export function cardArchivePart(deps: CardsDeps): AccountArchivePart {
  return {
    makesCards: true,
    files: [
      { path: cardsFile, about: 'Your own cards (team cards stay with the team): every field, theme, lead form and page language. Image and file addresses are relative to each card’s folder.' },
      { path: 'cards/{card id}/images/', about: 'Each card’s cover image and profile picture, as stored.' },
      { path: 'cards/{card id}/files/', about: 'Each card’s downloadable files, as stored.' },
    ],
    async exportPart(userId, archive) {
      const cards = await repository.listOwnCards(deps.db, userId);
      for (const card of cards) {
        archive.cardIds.push(card.id);
        const urls = [card.coverImage.url, card.profilePicture.url, ...card.downloadableFiles.map((file) => file.url)];
        for (const url of urls) {
          const relative = relativePathOf(url, card.id);
          if (!url || !relative) continue;
          const stored = await deps.storage.get(storageKeyOf(url));
          if (!stored) continue;
          const chunks: Buffer[] = [];
          for await (const chunk of stored.body) chunks.push(chunk as Buffer);
          archive.file(`${folderOf(card.id)}${relative}`, Buffer.concat(chunks));
        }
      }
      archive.json(cardsFile, cards.map(toArchived));
    },
    checkPart(archive) {
      const value = archive.json(cardsFile);
      if (value === undefined) return;
      const parsed = archivedCards.safeParse(value);
      if (!parsed.success) throw badRequest(keyed('accountArchiveBrokenFile', { name: cardsFile }));
      const ids = parsed.data.map((card) => card.id);
      if (new Set(ids).size !== ids.length) throw badRequest(keyed('accountArchiveBrokenFile', { name: cardsFile }));
    },
    async importPart(trx, archive, context) {
      const value = archive.json(cardsFile);
      if (value === undefined) return;
      const cards = archivedCards.parse(value);
      await repository.lockOwner(trx, deps.dialect, context.userId);
      let defaultId: string | null = null;
      for (const source of cards) {
        const made = await importCard(deps, trx, archive, context, source);
        if (!made) continue;
        if (source.isDefault || defaultId === null) defaultId = made;
      }
      if (defaultId && !(await repository.ownerHasDefaultCard(trx, context.userId))) await repository.makeDefaultCard(trx, context.userId, defaultId, now());
    },
    afterImport(context) {
      for (const cardId of context.cardIds.values()) deps.onCardChanged?.({ cardId, ownerId: context.userId, kind: 'saved' });
    },
  };
}

type ArchivedCard = z.infer<typeof archivedCard> & Record<string, unknown>;

/** One archived card made here; its new id, or null when it was refused (the report says why). */
async function importCard(deps: CardsDeps, trx: AnyConnection, archive: AccountArchiveReader, context: AccountImportContext, source: ArchivedCard): Promise<string | null> {
  const { report } = context;
  const displayName = String(source.title || source.name || source.id);
  const fields = cardEditableFields.safeParse(source);
  if (!fields.success) {
    report.refusedCards.push({ sourceCardId: source.id, name: displayName, reason: 'invalid-card' });
    return null;
  }
  const id = randomId();
  const createdAt = now();
  const input = fields.data;
  const card: Card = {
    id,
    username: id,
    ownerId: context.userId,
    teamOwnerId: null,
    ...input,
    isDefault: false,
    coverImage: { ...input.coverImage, url: null },
    profilePicture: { ...input.profilePicture, url: null },
    downloadableFiles: [],
    productId: null,
    productName: null,
    vcfFileName: null,
    vcfLink: null,
    userNameChanged: false,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
  try {
    await deps.cardAllowance?.requireRoomFor(card, trx);
  } catch (error) {
    if (!isCardLimitError(error)) throw error;
    report.refusedCards.push({ sourceCardId: source.id, name: displayName, reason: 'card-limit' });
    return null;
  }
  // A username the person chose travels with the card when nobody here answers to it; a generated one (the old
  // id) is replaced by the new id, as a new card's is.
  if (source.username !== source.id) {
    const chosen = usernameField.safeParse(source.username);
    if (chosen.success && !(await repository.isUsernameTaken(trx, chosen.data, { forUserId: context.userId, now: createdAt }))) {
      card.username = chosen.data;
      card.userNameChanged = true;
    } else {
      report.renamed.push({ cardId: id, from: source.username, to: id });
    }
  }
  const folder = folderOf(source.id);
  for (const slot of imageSlots) {
    const path = source[slot].url;
    if (!path) continue;
    const body = path.startsWith('images/') ? archive.file(`${folder}${path}`) : undefined;
    try {
      if (!body) throw new Error('missing');
      const image = await reencodeImage(body, imageSizes[slot]);
      const key = `images/${id}/${randomId(16)}.webp`;
      await deps.storage.put(key, image.body, image.contentType);
      context.writtenFiles.push(key);
      card[slot] = { ...card[slot], url: `${fileUrlPrefix}${key}` };
      report.files += 1;
    } catch {
      report.refusedFiles.push({ sourceCardId: source.id, path });
    }
  }
  for (const file of source.downloadableFiles) {
    const body = file.url.startsWith('files/') ? archive.file(`${folder}${file.url}`) : undefined;
    const type = body && body.length <= maxDownloadableFileBytes ? detectDownloadableFileType(body, file.name) : null;
    if (!body || !type) {
      report.refusedFiles.push({ sourceCardId: source.id, path: file.url });
      continue;
    }
    const fileId = randomId();
    const key = `files/${id}/${fileId}.${type.extension}`;
    await deps.storage.put(key, body, type.contentType);
    context.writtenFiles.push(key);
    card.downloadableFiles.push({ id: fileId, name: toDisplayFileName(file.name, type.extension), url: `${fileUrlPrefix}${key}`, size: body.length, contentType: type.contentType });
    report.files += 1;
  }
  await repository.insertCard(trx, card);
  await deps.onCardSaving?.(trx, { cardId: id, kind: 'saved' });
  context.cardIds.set(source.id, id);
  report.cards += 1;
  return id;
}
