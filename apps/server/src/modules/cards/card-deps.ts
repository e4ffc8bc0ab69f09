import type { Card, CardTheme } from '@cardstack/shared/cards/schemas';
import { planForCard } from '@cardstack/shared/plans/features';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import type { DialectName } from '../../db/database';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound, recordError } from '../../http/errors';
import type { FileStorage } from '../storage/storage-module';
import type { CardAllowanceService } from './card-allowance';
import { canAccessCard, type CardCaller } from './card-access';
import * as repository from './card-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * What every card use case receives, and the small rules they share: the errors, the plan a caller works under,
 * the locked read-modify-write of one card.
 */

export interface CardsDeps {
  db: AnyConnection;
  dialect: DialectName;
  storage: FileStorage;
  /** Told after every committed change (the public page drops its cached copy). */
  onCardChanged?: (change: { cardId: string; ownerId: string; kind: 'saved' | 'duplicated' | 'deleted' }) => void;
  /** Told inside the transaction of every save (the public page queues the card's vCard and QR with it). */
  onCardSaving?: (trx: AnyConnection, change: { cardId: string; kind: 'saved' | 'duplicated' }) => Promise<void>;
  /** The plan's card allowance: creating refuses beyond it, the list marks blocked cards. Without it (benchmarks) cards are unlimited. */
  cardAllowance?: Pick<CardAllowanceService, 'requireRoomFor' | 'blockedCardIdsOf'>;
}

export const now = () => new Date().toISOString();

export const usernameTaken = () => new AppError(409, 'username-taken', keyed('usernameTaken'), { username: keyed('usernameTaken') });

export const cardNotFound = () => notFound(keyed('cardNotFound'));

/** Every change to what a card shows drops the stored vCard so it is generated again. */
export const vcardCleared = { vcfFileName: null, vcfLink: null } as const;

export async function bestEffort(deps: CardsDeps, what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    await recordError(deps.db, `${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The plan whose paid features this card gets when this caller works on it. */
export function cardPlanOf(caller: CardCaller, card: Pick<Card, 'teamOwnerId'>): UserPlan {
  return planForCard({ ...caller, plan: caller.plan ?? 'basic' }, card);
}

export const sameTheme = (a: CardTheme, b: CardTheme) =>
  a.backgroundColor === b.backgroundColor && a.foregroundColor === b.foregroundColor && a.labelColor === b.labelColor;

/** Read-modify-write of one card under its row lock, with the access check inside the transaction. */
export async function changeLockedCard(
  deps: CardsDeps,
  caller: CardCaller,
  cardId: string,
  change: (current: Card) => repository.CardChanges,
): Promise<Card> {
  const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const current = await repository.findCardForUpdate(trx, deps.dialect, cardId);
    if (!current || !canAccessCard(caller, current)) throw cardNotFound();
    await repository.updateCard(trx, cardId, change(current), now());
    await deps.onCardSaving?.(trx, { cardId, kind: 'saved' });
    return (await repository.findCardById(trx, cardId))!;
  });
  deps.onCardChanged?.({ cardId: updated.id, ownerId: updated.ownerId, kind: 'saved' });
  return updated;
}
