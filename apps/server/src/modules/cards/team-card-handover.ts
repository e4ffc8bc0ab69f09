import type { AnyConnection } from '../../db/schema';
import type { CardsDeps } from './card-deps';
import * as repository from './card-repository';

/*
 * The teams module's changes to who holds a card, made here so that they are saves like any other: inside the
 * caller's transaction every moved card goes through the save hooks (its `card.updated` webhook, its wallet
 * passes, its public files), and the returned function tells the public page once that transaction committed.
 */

export interface CardHandover {
  /** How many cards changed hands. */
  count: number;
  /** Run after the transaction committed: the public page drops its cached copies. */
  afterCommit: () => void;
}

async function saved(deps: CardsDeps, trx: AnyConnection, moved: { cardId: string; ownerId: string }[]): Promise<CardHandover> {
  for (const { cardId } of moved) await deps.onCardSaving?.(trx, { cardId, kind: 'saved' });
  return {
    count: moved.length,
    afterCommit: () => {
      for (const { cardId, ownerId } of moved) deps.onCardChanged?.({ cardId, ownerId, kind: 'saved' });
    },
  };
}

/** A leaving member's team cards stay with the team: they pass to the team owner, public links unchanged. */
export async function transferTeamCards(deps: CardsDeps, trx: AnyConnection, move: { fromUserId: string; teamOwnerId: string; now: Date }): Promise<CardHandover> {
  const ids = await repository.passTeamCardsToOwner(trx, move.fromUserId, move.teamOwnerId, move.now.toISOString());
  return saved(deps, trx, ids.map((cardId) => ({ cardId, ownerId: move.teamOwnerId })));
}

/** A team owner's account goes: the cards their former members hold become those members' personal cards. */
export async function releaseTeamCards(deps: CardsDeps, trx: AnyConnection, teamOwnerId: string, now: Date): Promise<CardHandover> {
  const rows = await repository.releaseTeamCards(trx, teamOwnerId, now.toISOString());
  return saved(deps, trx, rows.map((row) => ({ cardId: row.id, ownerId: row.owner_id })));
}

/** How many of the team's cards each member holds. */
export function countTeamCardsByOwner(db: AnyConnection, teamOwnerId: string): Promise<Map<string, number>> {
  return repository.countTeamCardsByOwner(db, teamOwnerId);
}
