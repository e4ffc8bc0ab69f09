import type { Card, CardSummary } from '@cardstack/shared/cards/schemas';
import type { Feature } from '@cardstack/shared/plans/features';
import type { AnyConnection } from '../../db/schema';
import { cardHooksOf, type AppModule } from '../module-contract';
import type { CardCaller } from './card-access';
import { registerCardRoutes } from './card-routes';
import * as repository from './card-repository';
import type { CardsDeps } from './card-deps';
import { deleteCardsOfUser } from './card-deletion';
import { getCardWithFeature as getCardWithFeatureOf } from './card-reads';
import { cardArchivePart } from './card-archive';

/*
 * The cards module's public entry: the card use cases other features build on (a team card for a member, the
 * account-deletion step), the routes, and the reads other features need. Reads here check no access: the
 * caller has decided who may see the card (the public page shows any active card; contacts and teams apply
 * their own rules).
 */
export { createCard, createCardFromProduct } from './card-creation';
export type { CardsDeps } from './card-deps';
export { findAccessibleCard, getCard, listCards } from './card-reads';
export { resetCardsToBasic, type BasicReset } from './basic-reset';
export type { CardCaller } from './card-access';
export type { CardSet, CardWithOwnerName } from './card-repository';
export { allCardIds, cardLabelView, teamCardIds } from './card-views';
export { findCardByAddress, findStoredVCard, planOfCard, recordStoredVCard, type CardRef } from './card-lookup';
export { countTeamCardsByOwner, releaseTeamCards, transferTeamCards, type CardHandover } from './team-card-handover';
export { createCardAllowance, isCardLimitError, type CardAllowanceService } from './card-allowance';

/**
 * A card the caller may work on (404 otherwise) whose plan has the feature (403 otherwise): the card's plan is
 * the team's for a team card in team mode, else the caller's.
 */
export function getCardWithFeature(db: AnyConnection, caller: CardCaller, cardId: string, feature: Feature): Promise<Card> {
  return getCardWithFeatureOf({ db }, caller, cardId, feature);
}

/** One card by id, whoever owns it. */
export function findCard(db: AnyConnection, cardId: string): Promise<Card | null> {
  return repository.findCardById(db, cardId);
}

/** A user's cards, newest first. */
export function listCardsOfOwner(db: AnyConnection, ownerId: string, limit: number): Promise<CardSummary[]> {
  return repository.listCardsByOwner(db, ownerId, limit);
}

/** How many cards a user owns (team cards included). */
export function countCardsOfOwner(db: AnyConnection, ownerId: string): Promise<number> {
  return repository.countCardsByOwner(db, ownerId);
}

/** A user's or a team's cards, oldest first, with their owners' names. */
export function listCardsWithOwnerNames(db: AnyConnection, cards: repository.CardSet): Promise<repository.CardWithOwnerName[]> {
  return repository.listCardsWithOwnerNames(db, cards);
}

/** The cards a team holds (its members' team cards), newest first. */
export function listCardsOfTeam(db: AnyConnection, teamOwnerId: string, limit: number): Promise<CardSummary[]> {
  return repository.listCardsByTeamOwner(db, teamOwnerId, limit);
}
export type { CardTables } from './cards-tables';

export interface CardsModule extends AppModule {
  /** The card use cases' dependencies, for the modules that act on cards (teams, plans, the public API). */
  deps: CardsDeps;
}

/**
 * `hooks` are the modules told of every card save (inside its transaction) and every committed change: the
 * public page, wallet passes and webhooks follow the card through them.
 */
export function createCardsModule(needs: Omit<CardsDeps, 'onCardSaving' | 'onCardChanged'> & { hooks: readonly AppModule[] }): CardsModule {
  const { hooks, ...rest } = needs;
  const deps: CardsDeps = { ...rest, ...cardHooksOf(hooks) };
  return {
    name: 'cards',
    deps,
    routes: (app) => registerCardRoutes(app, deps),
    onAccountDeleted: (trx, account) => deleteCardsOfUser(deps, account.userId, trx),
    accountArchive: cardArchivePart(deps),
  };
}
