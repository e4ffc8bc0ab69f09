import crypto from 'node:crypto';
import { physicalCardTexts, preorderIdLength, preorderIdPattern, type PhysicalCardSummary, type PreorderStatus } from '@cardstack/shared/physical-cards/schemas';
import { publicCardPath } from '@cardstack/shared/public-card/schemas';
import { can } from '@cardstack/shared/teams/roles';
import { visitSourceMarkers, withVisitSource } from '@cardstack/shared/insights/sources';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { createCardFromProduct, findAccessibleCard, listCardsOfTeam, type CardCaller, type CardsDeps } from '../cards/cards-module';
import { rateLimitAddressOf, type RateLimiter, type RateLimitRule } from '../rate-limit/rate-limit-module';
import * as repository from './physical-card-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';

export interface PhysicalCardsDeps {
  db: AnyConnection;
  cards: CardsDeps;
  baseUrl: string;
  rateLimiter: RateLimiter;
  /** Told when what a physical card's address opens changed (the public page reads it again). */
  onAddressChanged?: (preorderId: string) => void;
}

/**
 * Activation attempts: the ids are unguessable, and these limits keep anyone from trying many of them. Per
 * account and per client address, in the app's one database-backed limiter.
 */
export const activationLimits = {
  perAccount: { max: 10, windowSeconds: 15 * 60 },
  perAddress: { max: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A pre-order id: 24 base62 characters, about 143 random bits (the shape the public page recognises). */
export function newPreorderId(): string {
  let id = '';
  while (id.length < preorderIdLength) {
    for (const byte of crypto.randomBytes(preorderIdLength * 2)) {
      // 248 is the largest multiple of 62 below 256: every character equally likely.
      if (byte >= 248) continue;
      id += alphabet[byte % 62];
      if (id.length === preorderIdLength) break;
    }
  }
  return id;
}

export const physicalCardUrl = (baseUrl: string, preorderId: string) => `${baseUrl}${publicCardPath(preorderId)}`;

/*
 * What the printer puts on the card: the chip's address and the printed QR code's carry the visit source marker
 * (`src=nfc`, `src=qr`), so visits are counted by where they came from; the page strips it from what it shows.
 */
export const chipUrl = (baseUrl: string, preorderId: string) => withVisitSource(physicalCardUrl(baseUrl, preorderId), visitSourceMarkers.nfc);
export const printedQrUrl = (baseUrl: string, preorderId: string) => withVisitSource(physicalCardUrl(baseUrl, preorderId), visitSourceMarkers.qr);

const unknownCard = () => notFound(keyed('unknownPhysicalCard'));

/** What the activation page shows: the product, and whether it can still be activated. */
export async function preorderStatus(deps: PhysicalCardsDeps, preorderId: string): Promise<PreorderStatus> {
  const found = preorderIdPattern.test(preorderId) ? await repository.findPreorder(deps.db, preorderId) : null;
  if (!found) throw unknownCard();
  return { id: found.id, productName: found.productName, status: found.isActivated ? 'activated' : 'available' };
}

/**
 * Activation: a card with the pre-order's id and product becomes the caller's default card and the pre-order
 * is marked activated, in one transaction. The card allowance is checked first (nothing is written when it
 * is used up), and of two people activating at once exactly one wins; the other is told it is taken.
 */
export async function activatePreorder(
  deps: PhysicalCardsDeps,
  caller: CardCaller & { userId: string },
  preorderId: string,
  clientAddress: string,
  existingCardId?: string,
): Promise<{ cardId: string; message: string }> {
  await deps.rateLimiter.enforce(
    [
      { key: `activation:user:${caller.userId}`, rule: activationLimits.perAccount },
      { key: `activation:ip:${rateLimitAddressOf(clientAddress)}`, rule: activationLimits.perAddress },
    ],
    keyed('tooManyActivations'),
  );
  const found = preorderIdPattern.test(preorderId) ? await repository.findPreorder(deps.db, preorderId) : null;
  if (!found) throw unknownCard();
  const alreadyActivated = () => new AppError(409, 'already-activated', keyed('alreadyActivated'));
  if (found.isActivated) {
    // The same person again (a second tap, a reload): they land on their card.
    if (found.ownerId === caller.userId && found.cardId) return { cardId: found.cardId, message: physicalCardTexts.activated };
    throw alreadyActivated();
  }
  const at = new Date().toISOString();
  if (existingCardId !== undefined) {
    // Physical card activation onto a card the person already has: no new card, the allowance is not touched.
    const target = await findAccessibleCard(deps.cards, caller, existingCardId);
    if (!target) throw new AppError(404, 'not-found', keyed('cardNotFound'), { cardId: keyed('chooseOwnCard') });
    if (!(await repository.claimPreorder(deps.db, found.id, target.ownerId, at, target.id))) throw alreadyActivated();
    deps.onAddressChanged?.(found.id);
    return { cardId: target.id, message: physicalCardTexts.linked };
  }
  let card;
  try {
    card = await createCardFromProduct(deps.cards, caller, { id: found.id, productId: found.productId, productName: found.productName }, async (trx) => {
      if (!(await repository.claimPreorder(trx, found.id, caller.userId, at))) throw alreadyActivated();
    });
  } catch (error) {
    // The card's id is the pre-order's: a second insert that got past the claim still cannot write a second card.
    if (!(error instanceof AppError) && /unique|duplicate key/i.test(String((error as Error).message))) throw alreadyActivated();
    throw error;
  }
  deps.onAddressChanged?.(found.id);
  return { cardId: card.id, message: physicalCardTexts.activated };
}

function toSummary(deps: PhysicalCardsDeps, row: repository.PreorderRow): PhysicalCardSummary | null {
  if (!row.cardId || !row.activatedAt) return null;
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    cardId: row.cardId,
    isDeactivated: row.isDeactivated,
    activatedAt: row.activatedAt,
    url: physicalCardUrl(deps.baseUrl, row.id),
  };
}

/**
 * The caller's physical cards (`own`: those they hold), or the team's (`team`: those opening a card of the team,
 * for someone who manages the team's cards — a leaver's card is handed on from there). Only cards the caller
 * may manage are listed.
 */
export async function listPhysicalCards(deps: PhysicalCardsDeps, caller: CardCaller, scope: 'own' | 'team' = 'own'): Promise<PhysicalCardSummary[]> {
  let own: repository.PreorderRow[] = [];
  let linked: repository.PreorderRow[] = [];
  if (scope === 'own') {
    own = await repository.listPreordersOfOwner(deps.db, caller.userId);
  } else {
    const managesTeamCards = caller.isTeamMode === true && caller.teamOwnerId !== undefined && can({ permissions: caller.permissions ?? [] }, 'manageDigitalCards');
    const teamCardIds = managesTeamCards ? (await listCardsOfTeam(deps.db, caller.teamOwnerId!, 1000)).map((card) => card.id) : [];
    linked = await repository.listPreordersOfCards(deps.db, teamCardIds);
  }
  const seen = new Set<string>();
  const result: PhysicalCardSummary[] = [];
  for (const row of [...own, ...linked]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    // A linked card the caller may not manage is not theirs to see.
    if (row.ownerId !== caller.userId && !(row.cardId && (await findAccessibleCard(deps.cards, caller, row.cardId)))) continue;
    const summary = toSummary(deps, row);
    if (summary) result.push(summary);
  }
  return result;
}

/**
 * A physical card the caller may change: they own it (activated it, or it was handed to them), or it opens a
 * card they may manage (a team card, for a manager of that team). Anything else is "not found".
 */
async function manageablePreorder(deps: PhysicalCardsDeps, caller: CardCaller, preorderId: string): Promise<repository.PreorderRow> {
  const found = preorderIdPattern.test(preorderId) ? await repository.findPreorder(deps.db, preorderId) : null;
  if (!found?.isActivated) throw unknownCard();
  if (found.ownerId === caller.userId) return found;
  if (found.cardId && (await findAccessibleCard(deps.cards, caller, found.cardId))) return found;
  throw unknownCard();
}

/**
 * Moves a physical card to another card: one of its owner's own cards, or (a team manager handing a leaver's
 * card to their successor) another card of the same team. The address on the chip stays; taps open the new card.
 */
export async function assignPhysicalCard(deps: PhysicalCardsDeps, caller: CardCaller, preorderId: string, cardId: string): Promise<PhysicalCardSummary> {
  const current = await manageablePreorder(deps, caller, preorderId);
  const target = await findAccessibleCard(deps.cards, caller, cardId);
  if (!target) throw new AppError(404, 'not-found', keyed('cardNotFound'), { cardId: keyed('chooseOwnCard') });
  const currentCard = current.cardId ? await findAccessibleCard(deps.cards, caller, current.cardId) : null;
  const isSameOwner = target.ownerId === (currentCard?.ownerId ?? current.ownerId);
  const isSameTeam = currentCard !== null && currentCard.teamOwnerId !== null && currentCard.teamOwnerId === target.teamOwnerId;
  if (!isSameOwner && !isSameTeam) {
    throw new AppError(403, 'other-owner', keyed('otherOwner'), { cardId: keyed('chooseSameOwnerCard') });
  }
  await repository.linkPreorder(deps.db, preorderId, { cardId: target.id, ownerId: target.ownerId }, new Date().toISOString());
  deps.onAddressChanged?.(preorderId);
  return toSummary(deps, (await repository.findPreorder(deps.db, preorderId))!)!;
}

/** Switches a physical card off (taps show a neutral page) or on again. */
export async function setPhysicalCardState(deps: PhysicalCardsDeps, caller: CardCaller, preorderId: string, isDeactivated: boolean): Promise<PhysicalCardSummary> {
  await manageablePreorder(deps, caller, preorderId);
  await repository.setPreorderDeactivated(deps.db, preorderId, isDeactivated, new Date().toISOString());
  deps.onAddressChanged?.(preorderId);
  const updated = toSummary(deps, (await repository.findPreorder(deps.db, preorderId))!);
  if (!updated) throw unknownCard();
  return updated;
}

/** What a physical card's address opens, for the public page. */
export async function physicalCardRoute(
  db: AnyConnection,
  key: string,
): Promise<{ kind: 'card'; cardId: string } | { kind: 'not-activated' } | { kind: 'switched-off' } | null> {
  const found = await repository.findPreorder(db, key);
  if (!found) return null;
  if (!found.isActivated) return { kind: 'not-activated' };
  if (found.isDeactivated || !found.cardId) return { kind: 'switched-off' };
  return { kind: 'card', cardId: found.cardId };
}

// ---- The operator's batches --------------------------------------------------------------------------------

/** A batch of N new pre-orders of one product, for the printer and the NFC encoder. */
export async function createPreorderBatch(
  db: AnyConnection,
  input: { productId: string; productName: string; count: number },
  createdBy: string | null,
): Promise<{ batchId: string; ids: string[] }> {
  const ids = Array.from({ length: input.count }, newPreorderId);
  const batchId = crypto.randomUUID();
  await repository.insertBatch(db, { id: batchId, productId: input.productId, productName: input.productName, ids, createdBy, now: new Date().toISOString() });
  return { batchId, ids };
}

export const listPreorderBatches = (db: AnyConnection) => repository.listBatches(db, 200);
export const findPreorderBatch = (db: AnyConnection, id: string) => repository.findBatch(db, id);
export const listPreordersOfBatch = (db: AnyConnection, id: string) => repository.listPreordersOfBatch(db, id);

/**
 * The CSV the printer and the NFC encoder get: `id,url` (the address the chip holds), one row per pre-order, and
 * with `withQr` a `qr` column (where the printed QR code's image is). Ids and URLs need no quoting.
 */
export function preorderCsv(baseUrl: string, ids: readonly string[], options: { withQr?: (id: string) => string } = {}): string {
  const header = options.withQr ? 'id,url,qr' : 'id,url';
  const rows = ids.map((id) => {
    const url = chipUrl(baseUrl, id);
    return options.withQr ? `${id},${url},${options.withQr(id)}` : `${id},${url}`;
  });
  return `${[header, ...rows].join('\r\n')}\r\n`;
}
