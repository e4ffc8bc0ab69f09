import { AppError } from '../../http/errors';
import { findCardByAddress, type CardRef } from '../cards/cards-module';
import type { CardAddress, PublicCardDeps, PublicCardState } from './public-card-state';

/** The card an address names, and whether it may be shown. */
export type Resolved =
  | { status: 'missing' }
  | { status: 'blocked' }
  | { status: 'active'; ref: CardRef }
  | { status: 'not-activated'; preorderId: string }
  | { status: 'switched-off' }
  /** The card's account moved to another server: `to` is the card's page there. */
  | { status: 'moved'; to: string };

/** The shape of a pre-order id (24 base62 characters): only such keys can name a physical card. */
export const physicalCardKey = /^[A-Za-z0-9]{24}$/;

/** The owner's blocked cards, computed at most once per owner per `accessTtlMs`. */
export async function blockedCardsOf(
  deps: Pick<PublicCardDeps, 'cardAllowance'>,
  state: PublicCardState,
  ownerId: string,
): Promise<Set<string> | null> {
  const cached = state.blockedCards.get(ownerId);
  if (cached) return cached;
  let loading = state.loadingBlockedCards.get(ownerId);
  if (!loading) {
    loading = deps.cardAllowance
      .blockedCardIdsOf(ownerId)
      .then((blockedCardIds) => {
        const blocked = new Set(blockedCardIds);
        state.blockedCards.set(ownerId, blocked);
        return blocked;
      })
      // The owner's account is gone (its cards go with it): the card is as good as missing.
      .catch((error: unknown) => (error instanceof AppError && error.statusCode === 404 ? null : Promise.reject(error)))
      .finally(() => state.loadingBlockedCards.delete(ownerId));
    state.loadingBlockedCards.set(ownerId, loading);
  }
  return loading;
}

/** What an address names, reused for `versionCheckMs` unless `isFresh`. */
export async function addressOf(
  deps: Pick<PublicCardDeps, 'db' | 'physicalCardRoute' | 'movedCardUrl'>,
  state: PublicCardState,
  key: string,
  isFresh: boolean,
): Promise<CardAddress> {
  const cached = isFresh ? undefined : state.addresses.get(key);
  if (cached) return cached;
  // A physical card's address comes first: it follows moves, and nobody can take it over by choosing it as
  // a username before the card is activated.
  const physical = deps.physicalCardRoute && physicalCardKey.test(key) ? await deps.physicalCardRoute(key) : null;
  const found: CardAddress =
    physical?.kind === 'not-activated' || physical?.kind === 'switched-off'
      ? { ref: null, physical: physical.kind }
      : { ref: await findCardByAddress(deps.db, physical?.kind === 'card' ? physical.cardId : key) };
  // A moved card's address (by id, username or a physical card's) follows it to the new server. Read with the
  // card's version, so another process sees a move (or its undoing) within the same `versionCheckMs`.
  const movedTo = found.ref && deps.movedCardUrl ? await deps.movedCardUrl(found.ref.id) : null;
  if (movedTo) found.movedTo = movedTo;
  state.addresses.set(key, found);
  return found;
}

export async function refOf(deps: Pick<PublicCardDeps, 'db' | 'physicalCardRoute' | 'movedCardUrl'>, state: PublicCardState, key: string, isFresh: boolean): Promise<CardRef | null> {
  return (await addressOf(deps, state, key, isFresh)).ref;
}

/**
 * The card behind an address and whether it may be shown. `isFresh` reads the version now instead of
 * reusing it: for everything but the page view itself (the vCard must never be older than the card).
 */
export async function resolve(deps: PublicCardDeps, state: PublicCardState, key: string, isFresh = false): Promise<Resolved> {
  const { ref, physical, movedTo } = await addressOf(deps, state, key, isFresh);
  if (physical === 'not-activated') return { status: 'not-activated', preorderId: key };
  if (physical === 'switched-off') return { status: 'switched-off' };
  if (!ref) return { status: 'missing' };
  if (movedTo) return { status: 'moved', to: movedTo };
  const blocked = await blockedCardsOf(deps, state, ref.ownerId);
  if (!blocked) return { status: 'missing' };
  return blocked.has(ref.id) ? { status: 'blocked' } : { status: 'active', ref };
}
