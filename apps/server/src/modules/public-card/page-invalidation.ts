import type { CardChange } from '../module-contract';
import type { PublicCardState } from './public-card-state';

/**
 * Called by the cards module after every committed change: the owner's plan status is computed again (a new
 * or deleted card can block or free another) and the old page leaves memory.
 */
export function forgetChangedCard(state: PublicCardState, change: CardChange): void {
  state.blockedCards.delete(change.ownerId);
  state.pages.delete(change.cardId);
  // Addresses are cached by what was asked (id or username); a change is rare enough to forget them all.
  state.addresses.clear();
}

/**
 * Cards whose account moved to another server (or whose move was undone): their pages leave memory and every
 * address is read again, so neither the route nor the answer before Fastify (page-fast-path.ts) serves an old page.
 */
export function forgetMovedCards(state: PublicCardState, cardIds: readonly string[]): void {
  for (const cardId of cardIds) state.pages.delete(cardId);
  state.addresses.clear();
}

/** A physical card was activated, moved or switched off or on: its address is read again. */
export function forgetAddress(state: PublicCardState, key: string): void {
  state.addresses.delete(key);
}
