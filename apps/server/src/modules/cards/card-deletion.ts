import type { AnyConnection } from '../../db/schema';
import type { CardCaller } from './card-access';
import * as repository from './card-repository';
import { cardNotFound, now, type CardsDeps } from './card-deps';
import { getCard } from './card-reads';
import { deleteCardFiles } from './card-uploads';

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
