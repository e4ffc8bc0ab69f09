import type { Kysely } from 'kysely';
import { resolveCardAccess, type CardAccess } from '@cardstack/shared/plans/card-limits';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { planStateFromSubscriptions } from '@cardstack/shared/plans/subscription-state';
import { toIsoString, type Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import * as repository from './billing-repository';
import { toFacts } from './billing-service';

/**
 * Which of a user's cards stay active under their plan and whether they may create another (spec §4 "Card
 * limit and blocking", docs/decisions/0005-card-limits.md). Blocking is computed on every call, never
 * stored: when a subscription ends or its `card_limitation` changes, the next call sees it.
 *
 * Callers: creating a card (refuse when `canCreateCard` is false), the cards list (mark `blockedCardIds`),
 * the public card page (a blocked card shows the inactive page).
 */
export async function cardAccessForOwner(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<CardAccess & { plan: UserPlan }> {
  const user = await repository.findUserCreatedAt(db, userId);
  if (!user) throw notFound('This account no longer exists.');
  const subscriptions = (await repository.listUserSubscriptions(db, userId)).map(toFacts);
  const cards = await repository.listOwnerCardsForLimit(db, userId);
  const state = planStateFromSubscriptions(toIsoString(user.createdAt), subscriptions, now);
  return {
    ...resolveCardAccess(
      cards.map((card) => ({ id: card.id, isDefault: card.is_default === 1, createdAt: card.created_at })),
      state,
    ),
    // The plan the allowance belongs to, in the same clock's time (a refusal names it).
    plan: state.plan,
  };
}

/** Whether one card is blocked by its owner's plan (the public page's question). */
export async function isCardBlocked(db: Kysely<Database>, card: { id: string; ownerId: string }, now: Date = new Date()): Promise<boolean> {
  return (await cardAccessForOwner(db, card.ownerId, now)).blockedCardIds.includes(card.id);
}
