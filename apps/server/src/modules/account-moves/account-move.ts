import { keyed } from '@cardstack/shared/i18n/keyed';
import type { AccountMove } from '@cardstack/shared/account/account-move-settings';
import type { AccountMovesResponse } from '@cardstack/shared/account/account-moves';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { listCardsOfOwner } from '../cards/cards-module';
import * as repository from './account-moves-repository';
import { approvedAddresses, fetchMoves, newServerOrigin, type NewServerPolicy } from './new-server-request';

/*
 * "This account moved", on the server the account left (docs/decisions/0057-the-old-addresses-follow.md): the
 * new server is asked where each card went, for the account's exports newest first (the first export it knows
 * wins); each of the account's own cards it names is recorded with its new page, and from then on the public
 * page answers that card's addresses with a 301 there and its wallet passes are updated to point there. Undo
 * forgets it all: the addresses serve here again and the passes point here again.
 */

export interface AccountMovesDeps {
  db: AnyConnection;
  /** The ids of the account's exports built on this server, newest first (the export module answers). */
  exportIdsOf: (userId: string) => Promise<readonly string[]>;
  policy: NewServerPolicy;
  /** Queues the update of a card's wallet passes, inside the transaction that moves it (or undoes the move). */
  queuePassUpdate: (trx: AnyConnection, cardId: string) => Promise<void>;
  /** After the commit: the public page forgets what it keeps in memory of these cards. */
  onCardsMoved: (cardIds: readonly string[]) => void;
  now?: () => Date;
}

/** Exports asked about at most (newest first): an account downloads its data a few times, not hundreds. */
const maxExportsAsked = 20;
/** An account's own cards considered (far above any plan's allowance). */
const maxOwnCards = 10_000;

const ownCardsOf = (deps: AccountMovesDeps, userId: string) => listCardsOfOwner(deps.db, userId, maxOwnCards);

/** The account's move as the panel shows it; null when it has not moved. */
export async function accountMoveOf(deps: AccountMovesDeps, userId: string): Promise<AccountMove | null> {
  const move = await repository.findAccountMove(deps.db, userId);
  if (!move) return null;
  const targets = new Map((await repository.listCardMoves(deps.db, userId)).map((row) => [row.cardId, row.targetUrl]));
  const cards: AccountMove['cards'] = [];
  const notFound: AccountMove['notFound'] = [];
  for (const card of await ownCardsOf(deps, userId)) {
    const summary = { cardId: card.id, title: card.title, name: card.name };
    const to = targets.get(card.id);
    if (to) cards.push({ ...summary, to });
    // A team card stays with its team (an account's export leaves it out): not "missing" from the new server.
    else if (card.teamOwnerId === null) notFound.push(summary);
  }
  return { address: move.address, movedAt: move.movedAt, cards, notFound };
}

/**
 * Each moved card's new page, from the new server's answer: only pages on the entered origin, at a card's page
 * address (`/id/{key}/`), are taken; an answer naming anything else is refused whole (nothing is stored).
 * Cards that are not the account's own are ignored.
 */
export function movedCardsOf(answer: AccountMovesResponse, origin: URL, ownCardIds: ReadonlySet<string>): { cardId: string; targetUrl: string }[] | null {
  const moved = new Map<string, string>();
  for (const { from, to } of answer.cards) {
    if (!URL.canParse(to)) return null;
    const target = new URL(to);
    const isCardPage = target.origin === origin.origin && /^\/id\/[^/?#]+\/$/.test(target.pathname) && !target.search && !target.hash && !target.username && !target.password;
    if (!isCardPage) return null;
    if (ownCardIds.has(from) && !moved.has(from)) moved.set(from, target.href);
  }
  return [...moved].map(([cardId, targetUrl]) => ({ cardId, targetUrl }));
}

/** POST /api/account/move: asks the new server, then records the moved cards in one transaction. */
export async function moveAccount(deps: AccountMovesDeps, userId: string, typedAddress: string): Promise<AccountMove | null> {
  const origin = newServerOrigin(typedAddress, deps.policy);
  const address = origin.origin;
  const exportIds = (await deps.exportIdsOf(userId)).slice(0, maxExportsAsked);
  if (exportIds.length === 0) throw new AppError(409, 'no-account-export', keyed('moveNoExports'));
  const addresses = await approvedAddresses(origin, deps.policy);
  const field = (message: ReturnType<typeof keyed>) => badRequest(message, { address: message });

  let found: { exportId: string; answer: AccountMovesResponse } | null = null;
  for (const exportId of exportIds) {
    const answer = await fetchMoves(origin, addresses, exportId, deps.policy.timeoutMs);
    if (answer.kind === 'unknown-export') continue;
    if (answer.kind === 'unreachable') throw field(keyed('moveUnreachable', { address }));
    if (answer.kind === 'unreadable') throw field(keyed('moveAnswerUnreadable', { address }));
    found = { exportId, answer: answer.moves };
    break;
  }
  if (!found) throw field(keyed('moveNotImported', { address }));

  const ownCardIds = new Set((await ownCardsOf(deps, userId)).map((card) => card.id));
  const moved = movedCardsOf(found.answer, origin, ownCardIds);
  if (!moved) throw field(keyed('moveAnswerUnreadable', { address }));
  if (moved.length === 0) throw field(keyed('moveNoCardsFound', { address }));

  const movedAt = (deps.now?.() ?? new Date()).toISOString();
  const touched = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const before = (await repository.listCardMoves(trx, userId)).map((row) => row.cardId);
    await repository.saveAccountMove(trx, userId, { address, exportId: found.exportId, movedAt }, moved);
    // The passes of the cards that move now, and of those that moved before and no longer do, follow.
    const cardIds = [...new Set([...before, ...moved.map((card) => card.cardId)])];
    for (const cardId of cardIds) await deps.queuePassUpdate(trx, cardId);
    return cardIds;
  });
  deps.onCardsMoved(touched);
  return accountMoveOf(deps, userId);
}

/** DELETE /api/account/move: the cards' addresses serve here again, and their passes point here again. */
export async function undoAccountMove(deps: AccountMovesDeps, userId: string): Promise<void> {
  const touched = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const cardIds = (await repository.listCardMoves(trx, userId)).map((row) => row.cardId);
    await repository.deleteAccountMove(trx, userId);
    for (const cardId of cardIds) await deps.queuePassUpdate(trx, cardId);
    return cardIds;
  });
  deps.onCardsMoved(touched);
}
