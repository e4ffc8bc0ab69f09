import { fileMessages, maxDownloadableFileBytes, maxDownloadableFilesPerCard, toDisplayFileName } from '@cardstack/shared/cards/files';
import { defaultImagePosition, type ImageSlot } from '@cardstack/shared/cards/images';
import { cardListLimit, cardMessages } from '@cardstack/shared/cards/messages';
import {
  defaultCardTheme,
  defaultLeadFormSettings,
  type Card,
  type CardImage,
  type CardListItem,
  type CardTheme,
  type Widget,
  type CreateCardValues,
  type UpdateCardValues,
  type UsernameAvailability,
} from '@cardstack/shared/cards/schemas';
import { usernameKey, usernameMessages } from '@cardstack/shared/cards/username';
import { planForCard, type Feature } from '@cardstack/shared/plans/features';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import type { DialectName } from '../../db/database';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest, notFound, recordError } from '../../http/errors';
import { assertFeature } from '../billing/billing-module';
import { reencodeImage, type FileStorage } from '../storage/storage-module';
import { isCardLimitError, type CardAllowanceService } from './card-allowance';
import { canAccessCard, type CardCaller } from './card-access';
import { detectDownloadableFileType } from './card-file-types';
import { randomId } from './card-ids';
import * as repository from './card-repository';

export interface CardsDeps {
  db: AnyConnection;
  dialect: DialectName;
  storage: FileStorage;
  /** Told after every committed change (the public page drops its cached copy). */
  onCardChanged?: (change: { cardId: string; ownerId: string; kind: 'saved' | 'duplicated' | 'deleted' }) => void;
  /** Told inside the transaction of every save (the public page queues the card's vCard and QR with it). */
  onCardSaving?: (trx: AnyConnection, change: { cardId: string; kind: 'saved' | 'duplicated' }) => Promise<void>;
  /** The plan's card allowance: creating refuses beyond it, the list marks blocked cards. Without it (benchmarks) cards are unlimited. */
  cardAllowance?: Pick<CardAllowanceService, 'requireRoomFor' | 'blockedCardIdsOf'>;
}

/** A card's stored files live in these four folders, keyed by card id; deleting a card empties all four. */
const cardStorageFolders = ['images', 'files', 'appleWallets', 'vcf-files'] as const;

const imageSizes: Record<ImageSlot, { maxWidth: number; maxHeight: number }> = {
  cover: { maxWidth: 1600, maxHeight: 1600 },
  profile: { maxWidth: 800, maxHeight: 800 },
};
const imageField = { cover: 'coverImage', profile: 'profilePicture' } as const;

const now = () => new Date().toISOString();
const fileUrl = (key: string) => `/files/${key}`;

/** The storage key behind one of this card's file URLs; null for anything else (never delete outside the card). */
function keyOfCardFile(url: string | null, folder: (typeof cardStorageFolders)[number], cardId: string): string | null {
  const prefix = `/files/${folder}/${cardId}/`;
  return url?.startsWith(prefix) ? url.slice('/files/'.length) : null;
}

const usernameTaken = () => new AppError(409, 'username-taken', usernameMessages.taken, { username: usernameMessages.taken });
const cardNotFound = () => notFound(cardMessages.notFound);

/** Every change to what a card shows drops the stored vCard so it is generated again. */
const vcardCleared = { vcfFileName: null, vcfLink: null } as const;

async function bestEffort(deps: CardsDeps, what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    await recordError(deps.db, `${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function deleteCardFiles(deps: CardsDeps, cardId: string): Promise<void> {
  for (const folder of cardStorageFolders) {
    await bestEffort(deps, `Deleting ${folder}/${cardId}/`, () => deps.storage.deletePrefix(`${folder}/${cardId}/`));
  }
}

/** The plan whose paid features this card gets when this caller works on it. */
function cardPlanOf(caller: CardCaller, card: Pick<Card, 'teamOwnerId'>): UserPlan {
  return planForCard({ ...caller, plan: caller.plan ?? 'basic' }, card);
}

const sameTheme = (a: CardTheme, b: CardTheme) =>
  a.backgroundColor === b.backgroundColor && a.foregroundColor === b.foregroundColor && a.labelColor === b.labelColor;

/**
 * Design, widgets and attachments are paid features (a downgrade resets or erases them). A save that only repeats
 * what the card has, or removes something, is fine on any plan: the editor sends the whole form.
 */
function checkPaidChanges(plan: UserPlan, current: Pick<Card, 'theme' | 'widgets'>, input: Pick<UpdateCardValues, 'theme' | 'widgets'>): void {
  if (input.theme && !sameTheme(input.theme, current.theme)) assertFeature(plan, 'design');
  const isNew = (widget: Widget) => !current.widgets.some((old) => old.kind === widget.kind && old.url === widget.url);
  if (input.widgets?.some(isNew)) assertFeature(plan, 'widgets');
}

/** The card, if the caller may access it and its plan has the feature: 404 / 403 otherwise. */
export async function getCardWithFeature(deps: Pick<CardsDeps, 'db'>, caller: CardCaller, cardId: string, feature: Feature): Promise<Card> {
  const found = await getCard(deps, caller, cardId);
  assertFeature(cardPlanOf(caller, found), feature);
  return found;
}

/** The card, if the caller may access it; otherwise 404 as if it did not exist. */
export async function getCard(deps: Pick<CardsDeps, 'db'>, caller: CardCaller, cardId: string): Promise<Card> {
  const found = cardId ? await repository.findCardById(deps.db, cardId) : null;
  if (!found || !canAccessCard(caller, found)) throw cardNotFound();
  return found;
}

/**
 * The owner's cards, newest first and at most 1000, each marked when the plan's card limit blocks it.
 */
export async function listCards(deps: CardsDeps, caller: CardCaller): Promise<CardListItem[]> {
  const [cards, blockedIds] = await Promise.all([
    repository.listCardsByOwner(deps.db, caller.userId, cardListLimit),
    deps.cardAllowance?.blockedCardIdsOf(caller.userId) ?? [],
  ]);
  const blocked = new Set(blockedIds);
  return cards.map((card) => ({ ...card, isBlocked: blocked.has(card.id) }));
}

/**
 * A new card; the username is the generated id, and the owner's first card becomes the default. Refused
 * (403 `card-limit`) when the plan's card allowance is used up. `forMember` is the teams feature
 * creating a team card for one of its members (it checks the caller's permission and the team's allowance).
 */
export async function createCard(
  deps: CardsDeps,
  caller: CardCaller,
  input: CreateCardValues,
  forMember?: { ownerId: string; teamOwnerId: string },
): Promise<Card> {
  const ownerId = forMember?.ownerId ?? caller.userId;
  const emptyImage = (alt = '', position = defaultImagePosition): CardImage => ({ url: null, alt, position });
  // A clash of a fresh id with an existing username is astronomically unlikely; a retry settles it anyway.
  for (let attempt = 1; ; attempt += 1) {
    const id = randomId();
    const createdAt = now();
    const value: Card = {
      id,
      username: id,
      ownerId,
      teamOwnerId: forMember ? forMember.teamOwnerId : caller.isOrganizationUser ? (caller.teamOwnerId ?? null) : null,
      title: input.title ?? '',
      name: input.name ?? '',
      companyName: input.companyName ?? '',
      jobTitle: input.jobTitle ?? '',
      description: input.description ?? '',
      email: input.email ?? '',
      phone: input.phone ?? '',
      address: input.address ?? '',
      addressLink: input.addressLink ?? '',
      emails: input.emails ?? [],
      phones: input.phones ?? [],
      addresses: input.addresses ?? [],
      isDefault: false,
      coverImage: emptyImage(input.coverImage?.alt, input.coverImage?.position),
      profilePicture: emptyImage(input.profilePicture?.alt, input.profilePicture?.position),
      links: input.links ?? [],
      downloadableFiles: [],
      widgets: input.widgets ?? [],
      theme: input.theme ?? defaultCardTheme,
      leadForm: input.leadForm ?? defaultLeadFormSettings,
      productId: null,
      productName: null,
      vcfFileName: null,
      vcfLink: null,
      userNameChanged: false,
      version: 1,
      createdAt,
      updatedAt: createdAt,
    };
    // A team card made for a member lives in the team (Teams); the teams feature has checked who may make it.
    checkPaidChanges(forMember ? 'team' : cardPlanOf(caller, value), { theme: defaultCardTheme, widgets: [] }, input);
    try {
      const created = await deps.db.transaction().execute(async (trx: AnyConnection) => {
        await repository.lockOwner(trx, deps.dialect, ownerId);
        if (!forMember) await deps.cardAllowance?.requireRoomFor(value, trx);
        value.isDefault = !(await repository.ownerHasDefaultCard(trx, ownerId));
        await repository.insertCard(trx, value);
        await deps.onCardSaving?.(trx, { cardId: value.id, kind: 'saved' });
        return value;
      });
      deps.onCardChanged?.({ cardId: created.id, ownerId: created.ownerId, kind: 'saved' });
      return created;
    } catch (error) {
      const clash = repository.uniqueViolationOf(error);
      if ((clash === 'username' || clash === 'id') && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A card made from a physical product (a pre-ordered NFC card): it takes the product's id as its own, so the
 * address on the chip is the card's address, carries the product, and becomes the owner's default. `claim`
 * runs in the same transaction once the card allowance has room and the row is written: it marks the product
 * as taken (and throws when someone else took it first), so either everything is written or nothing.
 */
export async function createCardFromProduct(
  deps: CardsDeps,
  caller: CardCaller,
  product: { id: string; productId: string; productName: string },
  claim: (trx: AnyConnection) => Promise<void>,
): Promise<Card> {
  const createdAt = now();
  const emptyImage = (): CardImage => ({ url: null, alt: '', position: defaultImagePosition });
  const value: Card = {
    id: product.id,
    username: product.id,
    ownerId: caller.userId,
    teamOwnerId: caller.isOrganizationUser ? (caller.teamOwnerId ?? null) : null,
    title: product.productName,
    name: caller.name ?? '',
    companyName: '',
    jobTitle: '',
    description: '',
    email: caller.email ?? '',
    phone: '',
    address: '',
    addressLink: '',
    emails: [],
    phones: [],
    addresses: [],
    isDefault: false,
    coverImage: emptyImage(),
    profilePicture: emptyImage(),
    links: [],
    downloadableFiles: [],
    widgets: [],
    theme: defaultCardTheme,
    leadForm: defaultLeadFormSettings,
    productId: product.productId,
    productName: product.productName,
    vcfFileName: null,
    vcfLink: null,
    userNameChanged: false,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
  const created = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.lockOwner(trx, deps.dialect, value.ownerId);
    await deps.cardAllowance?.requireRoomFor(value, trx);
    // Someone may have chosen this id as their card's username before the card was activated: the card keeps
    // its id (the chip's address) and gets a fresh username instead.
    if (await repository.isUsernameTaken(trx, value.username, { forUserId: value.ownerId, now: createdAt })) value.username = randomId();
    await repository.insertCard(trx, value);
    await claim(trx);
    await repository.makeDefaultCard(trx, value.ownerId, value.id, createdAt);
    await deps.onCardSaving?.(trx, { cardId: value.id, kind: 'saved' });
    return (await repository.findCardById(trx, value.id))!;
  });
  deps.onCardChanged?.({ cardId: created.id, ownerId: created.ownerId, kind: 'saved' });
  return created;
}

/** The card if the caller may access it (its owner, or a manager of its team), else null. */
export async function findAccessibleCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<Card | null> {
  const found = cardId ? await repository.findCardById(deps.db, cardId) : null;
  return found && canAccessCard(caller, found) ? found : null;
}

/**
 * The editor's save. A username change is checked for uniqueness (ignoring case) and marks the card's
 * username as changed; every save clears the stored vCard and bumps the version.
 */
export async function updateCard(deps: CardsDeps, caller: CardCaller, cardId: string, input: UpdateCardValues): Promise<Card> {
  try {
    const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const current = await repository.findCardForUpdate(trx, deps.dialect, cardId);
      if (!current || !canAccessCard(caller, current)) throw cardNotFound();
      checkPaidChanges(cardPlanOf(caller, current), current, input);
      const { coverImage, profilePicture, username, ...fields } = input;
      const changes: repository.CardChanges = { ...fields, ...vcardCleared };
      if (coverImage) changes.coverImage = { ...current.coverImage, ...coverImage };
      if (profilePicture) changes.profilePicture = { ...current.profilePicture, ...profilePicture };
      const at = now();
      if (username !== undefined && username !== current.username) {
        if (await repository.isUsernameTaken(trx, username, { exceptCardId: cardId, forUserId: current.ownerId, now: at })) throw usernameTaken();
        changes.username = username;
        changes.userNameChanged = true;
        // Only another spelling of the same name is not a release.
        if (usernameKey(username) !== usernameKey(current.username)) {
          await repository.releaseUsernames(trx, [{ cardId, username: current.username }], current.ownerId, at);
        }
      }
      await repository.updateCard(trx, cardId, changes, at);
      await deps.onCardSaving?.(trx, { cardId, kind: 'saved' });
      return (await repository.findCardById(trx, cardId))!;
    });
    deps.onCardChanged?.({ cardId: updated.id, ownerId: updated.ownerId, kind: 'saved' });
    return updated;
  } catch (error) {
    // Two people claiming the same name at the same moment: the unique index decides.
    if (repository.uniqueViolationOf(error) === 'username') throw usernameTaken();
    throw error;
  }
}

export async function checkUsernameAvailability(
  deps: CardsDeps,
  caller: CardCaller,
  username: string,
  cardId?: string,
): Promise<UsernameAvailability> {
  // Another person's card id must not reveal whether that card uses the name.
  const ownCard = cardId ? await repository.findCardById(deps.db, cardId) : null;
  const isOwn = ownCard !== null && canAccessCard(caller, ownCard);
  const taken = await repository.isUsernameTaken(deps.db, username, {
    exceptCardId: isOwn ? ownCard.id : undefined,
    forUserId: isOwn ? ownCard.ownerId : caller.userId,
    now: now(),
  });
  return { username, isAvailable: !taken };
}

/**
 * A duplicate gets a new id, is not the default and has its own copy of the files; on failure the new card and its
 * files are removed. Files are copied first and the row written last, so a half-made copy is never listed; any
 * failure removes every copied file and the row. The copy is a new card: the plan's card limit applies, before any
 * file is copied and again, under the owner's lock, when the row is written.
 */
export async function duplicateCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<Card> {
  if (!cardId.trim()) throw badRequest(cardMessages.idRequiredToDuplicate);
  const source = await getCard(deps, caller, cardId);
  await deps.cardAllowance?.requireRoomFor(source, deps.db);
  const id = randomId();
  const createdAt = now();
  const moveUrl = (url: string | null) => {
    for (const folder of cardStorageFolders) {
      const prefix = `/files/${folder}/${source.id}/`;
      if (url?.startsWith(prefix)) return `/files/${folder}/${id}/${url.slice(prefix.length)}`;
    }
    return url;
  };
  const copy: Card = {
    ...source,
    id,
    username: id,
    isDefault: false,
    coverImage: { ...source.coverImage, url: moveUrl(source.coverImage.url) },
    profilePicture: { ...source.profilePicture, url: moveUrl(source.profilePicture.url) },
    downloadableFiles: source.downloadableFiles.map((file) => ({ ...file, url: moveUrl(file.url) ?? file.url })),
    // A physical product belongs to one card, and the copy's vCard must carry the copy's address.
    productId: null,
    productName: null,
    ...vcardCleared,
    userNameChanged: false,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };

  const rollBack = async (reason: unknown, message: string) => {
    await bestEffort(deps, `Rolling back duplicate ${id}`, () => repository.deleteCardRow(deps.db, id, now()));
    await deleteCardFiles(deps, id);
    await recordError(deps.db, `Duplicating card ${source.id} failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    return new AppError(500, 'duplicate-failed', message);
  };

  try {
    for (const folder of cardStorageFolders) {
      for (const key of await deps.storage.list(`${folder}/${source.id}/`)) {
        // The public page's vCard and QR codes of a version (vcf-files/{id}/v{n}/) carry the source's address and
        // are made anew for the copy; the source's own may be replaced while this loop runs.
        if (/^vcf-files\/[^/]+\/v\d+\//.test(key)) continue;
        await deps.storage.copy(key, `${folder}/${id}/${key.slice(`${folder}/${source.id}/`.length)}`);
      }
    }
  } catch (error) {
    throw await rollBack(error, cardMessages.duplicateFailed);
  }
  try {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      await repository.lockOwner(trx, deps.dialect, copy.ownerId);
      await deps.cardAllowance?.requireRoomFor(copy, trx);
      await repository.insertCard(trx, copy);
      await deps.onCardSaving?.(trx, { cardId: copy.id, kind: 'duplicated' });
    });
  } catch (error) {
    if (isCardLimitError(error)) {
      // Another card took the last place while the files were copied: nothing was written but the files.
      await deleteCardFiles(deps, id);
      throw error;
    }
    throw await rollBack(error, cardMessages.failedToWrite);
  }
  deps.onCardChanged?.({ cardId: copy.id, ownerId: copy.ownerId, kind: 'duplicated' });
  return copy;
}

/** Only one card is the default: setting one clears the previous default, in one transaction. */
export async function setDefaultCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<Card> {
  const target = await getCard(deps, caller, cardId);
  const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.lockOwner(trx, deps.dialect, target.ownerId);
    await repository.makeDefaultCard(trx, target.ownerId, target.id, now());
    const updated = await repository.findCardById(trx, target.id);
    // Deleted by a concurrent request: roll back rather than leave the owner without a default.
    if (!updated) throw cardNotFound();
    await deps.onCardSaving?.(trx, { cardId: updated.id, kind: 'saved' });
    return updated;
  });
  deps.onCardChanged?.({ cardId: updated.id, ownerId: updated.ownerId, kind: 'saved' });
  return updated;
}

/**
 * Deleting removes the card and its files in the four storage folders. When the default
 * goes, the newest remaining card becomes the default so the owner keeps exactly one.
 */
export async function deleteCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<void> {
  const target = await getCard(deps, caller, cardId);
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.lockOwner(trx, deps.dialect, target.ownerId);
    const current = await repository.findCardById(trx, target.id);
    if (!current) throw cardNotFound();
    await repository.deleteCardRow(trx, target.id, now());
    if (current.isDefault) {
      const next = await repository.newestCardIdOfOwner(trx, target.ownerId);
      if (next) await repository.makeDefaultCard(trx, target.ownerId, next, now());
    }
  });
  deps.onCardChanged?.({ cardId: target.id, ownerId: target.ownerId, kind: 'deleted' });
  await deleteCardFiles(deps, target.id);
}

/**
 * Account deletion step: every card of the user, through `trx` (the deletion's transaction). Their files go,
 * and the public page forgets them, in the returned clean-up, once the deletion committed.
 */
export async function deleteCardsOfUser(deps: CardsDeps, userId: string, trx: AnyConnection = deps.db): Promise<() => Promise<void>> {
  const ids = await repository.listCardIdsByOwner(trx, userId);
  await repository.deleteCardRowsOfOwner(trx, userId, now());
  return async () => {
    for (const id of ids) deps.onCardChanged?.({ cardId: id, ownerId: userId, kind: 'deleted' });
    for (const id of ids) await deleteCardFiles(deps, id);
  };
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
  if (upload.body.length > maxDownloadableFileBytes) throw new AppError(413, 'file-too-large', fileMessages.tooLarge, { file: fileMessages.tooLarge });
  if (existing.downloadableFiles.length >= maxDownloadableFilesPerCard) throw badRequest(fileMessages.tooMany, { file: fileMessages.tooMany });
  const type = detectDownloadableFileType(upload.body, upload.fileName);
  if (!type) throw new AppError(415, 'unsupported-file', fileMessages.notAllowed, { file: fileMessages.notAllowed });
  const fileId = randomId();
  const key = `files/${cardId}/${fileId}.${type.extension}`;
  await deps.storage.put(key, upload.body, type.contentType);
  try {
    return await changeLockedCard(deps, caller, cardId, (current) => {
      if (current.downloadableFiles.length >= maxDownloadableFilesPerCard) throw badRequest(fileMessages.tooMany, { file: fileMessages.tooMany });
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
    if (!file) throw notFound('File not found.');
    removedUrl = file.url;
    return { downloadableFiles: current.downloadableFiles.filter((candidate) => candidate.id !== fileId) };
  });
  const key = keyOfCardFile(removedUrl, 'files', cardId);
  if (key) await bestEffort(deps, `Removing ${key}`, () => deps.storage.delete(key));
  return updated;
}

/** What a downgrade takes from cards: the design back to the default, and widgets and attachments erased. */
export interface BasicReset {
  design: boolean;
  widgetsAndAttachments: boolean;
}

/**
 * Sets cards back to what Basic has: a user's own cards, or a team's cards. Idempotent: a card already reset is
 * not written again, and its attachments folder is emptied on every run, so a run interrupted between a card's
 * row and its files finishes the files the next time. Returns how many cards changed.
 */
export async function resetCardsToBasic(
  deps: CardsDeps,
  scope: { ownerId: string } | { teamOwnerId: string },
  reset: BasicReset,
): Promise<number> {
  const ids =
    'ownerId' in scope
      ? await repository.listCardIdsByOwner(deps.db, scope.ownerId)
      : await repository.listCardIdsByTeamOwner(deps.db, scope.teamOwnerId);
  let changed = 0;
  for (const cardId of ids) {
    const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const current = await repository.findCardForUpdate(trx, deps.dialect, cardId);
      if (!current) return null;
      const changes: repository.CardChanges = {};
      if (reset.design && !sameTheme(current.theme, defaultCardTheme)) changes.theme = defaultCardTheme;
      if (reset.widgetsAndAttachments && current.widgets.length > 0) changes.widgets = [];
      if (reset.widgetsAndAttachments && current.downloadableFiles.length > 0) changes.downloadableFiles = [];
      if (Object.keys(changes).length === 0) return null;
      await repository.updateCard(trx, cardId, { ...changes, ...vcardCleared }, now());
      return current;
    });
    if (updated) {
      changed += 1;
      deps.onCardChanged?.({ cardId, ownerId: updated.ownerId, kind: 'saved' });
    }
    // Not best effort: a file that could not be deleted fails the run, which is then run again.
    if (reset.widgetsAndAttachments) await deps.storage.deletePrefix(`files/${cardId}/`);
  }
  return changed;
}

/** Read-modify-write of one card under its row lock, with the access check inside the transaction. */
async function changeLockedCard(
  deps: CardsDeps,
  caller: CardCaller,
  cardId: string,
  change: (current: Card) => repository.CardChanges,
): Promise<Card> {
  const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const current = await repository.findCardForUpdate(trx, deps.dialect, cardId);
    if (!current || !canAccessCard(caller, current)) throw cardNotFound();
    await repository.updateCard(trx, cardId, change(current), now());
    await deps.onCardSaving?.(trx, { cardId, kind: 'saved' });
    return (await repository.findCardById(trx, cardId))!;
  });
  deps.onCardChanged?.({ cardId: updated.id, ownerId: updated.ownerId, kind: 'saved' });
  return updated;
}
