import { defaultImagePosition } from '@cardstack/shared/cards/images';
import { defaultCardTheme, defaultLeadFormSettings, type Card, type CardImage, type CreateCardValues } from '@cardstack/shared/cards/schemas';
import { cardDetailsOf } from '@cardstack/shared/cards/card-details';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest, recordError } from '../../http/errors';
import { isCardLimitError } from './card-allowance';
import type { CardCaller } from './card-access';
import { randomId } from './card-ids';
import * as repository from './card-repository';
import { bestEffort, cardPlanOf, now, vcardCleared, type CardsDeps } from './card-deps';
import { checkPaidChanges } from './card-editing';
import { getCard } from './card-reads';
import { cardStorageFolders, deleteCardFiles } from './card-uploads';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

const emptyImage = (image?: { alt?: string; position?: CardImage['position'] }): CardImage => ({
  url: null,
  alt: image?.alt ?? '',
  position: image?.position ?? defaultImagePosition,
});

/** A card as it is first stored: what the person gave, the defaults for the rest; its username is its id. */
function newCard(
  identity: Pick<Card, 'id' | 'ownerId' | 'teamOwnerId'> & { createdAt: string },
  input: CreateCardValues,
  product: Pick<Card, 'productId' | 'productName'> = { productId: null, productName: null },
): Card {
  return {
    id: identity.id,
    username: identity.id,
    ownerId: identity.ownerId,
    teamOwnerId: identity.teamOwnerId,
    title: input.title ?? '',
    ...cardDetailsOf(input),
    isDefault: false,
    coverImage: emptyImage(input.coverImage),
    profilePicture: emptyImage(input.profilePicture),
    links: input.links ?? [],
    downloadableFiles: [],
    widgets: input.widgets ?? [],
    theme: input.theme ?? defaultCardTheme,
    leadForm: input.leadForm ?? defaultLeadFormSettings,
    pageLanguage: input.pageLanguage ?? '',
    ...product,
    vcfFileName: null,
    vcfLink: null,
    userNameChanged: false,
    version: 1,
    createdAt: identity.createdAt,
    updatedAt: identity.createdAt,
  };
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
  // A clash of a fresh id with an existing username is astronomically unlikely; a retry settles it anyway.
  for (let attempt = 1; ; attempt += 1) {
    const id = randomId();
    const createdAt = now();
    const teamOwnerId = forMember ? forMember.teamOwnerId : caller.isOrganizationUser ? (caller.teamOwnerId ?? null) : null;
    const value = newCard({ id, ownerId, teamOwnerId, createdAt }, input);
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
  const value = newCard(
    { id: product.id, ownerId: caller.userId, teamOwnerId: caller.isOrganizationUser ? (caller.teamOwnerId ?? null) : null, createdAt },
    { title: product.productName, name: caller.name ?? '', email: caller.email ?? '' },
    { productId: product.productId, productName: product.productName },
  );
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

/**
 * A duplicate gets a new id, is not the default and has its own copy of the files; on failure the new card and its
 * files are removed. Files are copied first and the row written last, so a half-made copy is never listed; any
 * failure removes every copied file and the row. The copy is a new card: the plan's card limit applies, before any
 * file is copied and again, under the owner's lock, when the row is written.
 */
export async function duplicateCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<Card> {
  if (!cardId.trim()) throw badRequest(keyed('idRequiredToDuplicate'));
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

  const rollBack = async (reason: unknown, message: KeyedMessage) => {
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
    throw await rollBack(error, keyed('duplicateFailed'));
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
    throw await rollBack(error, keyed('failedToWrite'));
  }
  deps.onCardChanged?.({ cardId: copy.id, ownerId: copy.ownerId, kind: 'duplicated' });
  return copy;
}
