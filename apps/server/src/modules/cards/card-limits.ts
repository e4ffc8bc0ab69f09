import type { Kysely } from 'kysely';
import { cardLimitErrorCode, cardLimitMessage } from '@cardstack/shared/cards/messages';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

/** Whether one more card may be made, and the allowance a refusal names. */
export interface CardRoom {
  canCreateCard: boolean;
  /** Null when no limit applies. */
  maxActiveCards: number | null;
  /** The plan whose allowance decides. */
  plan: UserPlan;
}

/**
 * Spec §4 "Card limit and blocking", as the billing module computes it. app.ts supplies it, so the cards
 * module knows nothing of plans or subscriptions; without it (a setup with no billing) cards are unlimited.
 */
export interface CardLimits {
  /**
   * Room for one more card held like `card`, read through `db`: the transaction that adds the card, so two
   * requests at once cannot both take the last place.
   */
  roomFor(card: { ownerId: string; teamOwnerId: string | null }, db: Kysely<Database>): Promise<CardRoom>;
  /** The owner's cards beyond the allowance: the same answer the public page gives (it shows them inactive). */
  blockedCardIdsOf(ownerId: string): Promise<readonly string[]>;
}

export function cardLimitError(room: Pick<CardRoom, 'plan'> & { maxActiveCards: number }): AppError {
  return new AppError(403, cardLimitErrorCode, cardLimitMessage(room.plan, room.maxActiveCards));
}

/** Refuses (403 `card-limit`) when the plan's allowance is used up. */
export async function requireRoomForCard(
  limits: CardLimits | undefined,
  card: { ownerId: string; teamOwnerId: string | null },
  db: Kysely<Database>,
): Promise<void> {
  if (!limits) return;
  const room = await limits.roomFor(card, db);
  if (!room.canCreateCard && room.maxActiveCards !== null) throw cardLimitError({ plan: room.plan, maxActiveCards: room.maxActiveCards });
}

export function isCardLimitError(error: unknown): error is AppError {
  return error instanceof AppError && error.code === cardLimitErrorCode;
}
