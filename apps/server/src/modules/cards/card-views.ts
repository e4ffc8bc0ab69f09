import { expressionBuilder } from 'kysely';
import type { CardTables } from './cards-tables';

/*
 * What other modules may join of the cards into one query of theirs, as derived tables and subqueries the cards
 * module writes: the table is named here only, and only these columns leave.
 */

const cards = () => expressionBuilder<CardTables>();

/** The names a card is shown by (its title, its person's name, its username), to join as `.leftJoin(cardLabelView().as('card'), …)`. */
export function cardLabelView() {
  return cards().selectFrom('card').select(['id', 'title', 'name', 'username']);
}

/** The ids of every card, to keep rows of cards that still exist (`… in (allCardIds())`). */
export function allCardIds() {
  return cards().selectFrom('card').select('id');
}

/** The ids of a team's cards (its members' team cards), as a subquery. */
export function teamCardIds(teamOwnerId: string) {
  return cards().selectFrom('card').select('id').where('team_owner_id', '=', teamOwnerId);
}
