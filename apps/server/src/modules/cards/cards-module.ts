import type { Kysely } from 'kysely';
import type { Card, CardSummary } from '@cardstack/shared/cards/schemas';
import type { Database } from '../../db/schema';
import * as repository from './card-repository';

/*
 * The cards module's public entry: the card use cases other features build on (a team card for a member, the
 * account-deletion step), the routes, and the reads other features need. Reads here check no access: the
 * caller has decided who may see the card (the public page shows any active card; contacts and teams apply
 * their own rules).
 */
export { registerCardRoutes } from './card-routes';
export { createCard, deleteCardsOfUser, getCard, listCards, resetCardsToBasic, type BasicReset, type CardsDeps } from './card-service';

/** One card by id, whoever owns it. */
export function findCard(db: Kysely<Database>, cardId: string): Promise<Card | null> {
  return repository.findCardById(db, cardId);
}

/** A user's cards, newest first. */
export function listCardsOfOwner(db: Kysely<Database>, ownerId: string, limit: number): Promise<CardSummary[]> {
  return repository.listCardsByOwner(db, ownerId, limit);
}

/** The cards a team holds (its members' team cards), newest first. */
export function listCardsOfTeam(db: Kysely<Database>, teamOwnerId: string, limit: number): Promise<CardSummary[]> {
  return repository.listCardsByTeamOwner(db, teamOwnerId, limit);
}
