import { cardListLimit } from '@cardstack/shared/cards/messages';
import type { Card, CardListItem, UsernameAvailability } from '@cardstack/shared/cards/schemas';
import type { Feature } from '@cardstack/shared/plans/features';
import { assertFeature } from '../billing/billing-module';
import { canAccessCard, type CardCaller } from './card-access';
import * as repository from './card-repository';
import { cardNotFound, cardPlanOf, now, type CardsDeps } from './card-deps';

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

/** The card if the caller may access it (its owner, or a manager of its team), else null. */
export async function findAccessibleCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<Card | null> {
  const found = cardId ? await repository.findCardById(deps.db, cardId) : null;
  return found && canAccessCard(caller, found) ? found : null;
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
