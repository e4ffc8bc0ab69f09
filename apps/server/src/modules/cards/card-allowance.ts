import { cardLimitErrorCode } from '@cardstack/shared/cards/messages';
import { planTitles } from '@cardstack/shared/plans/plans';
import { applyCardAllowance, type CardsUnderAllowance, type PlanState } from '@cardstack/shared/plans/card-limits';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { planOf } from '../billing/billing-module';
import * as repository from './card-repository';
import { blockedCardIdsOfOwner, scopeOfNewCard, sharedTeamOf } from './card-allowance-rules';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * The card allowance (docs/decisions/0005-card-limits.md): how many of a set of cards stay active under a plan,
 * which are blocked, and whether one more may be made. Blocking is computed on every call, never stored: when a
 * subscription ends or its `card_limitation` changes, the next call sees it.
 *
 * Callers: creating and duplicating a card (`requireRoomFor`), the cards list and the public card page
 * (`blockedCardIdsOf`), the teams screens and team card creation (`ofTeam`), billing (`ofOwner`, `cardCountOf`).
 */

interface CardAllowanceDeps {
  db: AnyConnection;
  /** The billing clock (tests move it): decides which subscription is current. */
  now: () => Date;
  /** The plan state of a user as billing reads it from the subscriptions; null when the account is gone. */
  planStateOf: (db: AnyConnection, userId: string, now: Date) => Promise<PlanState | null>;
  /** The accepted membership that puts a user's cards in a team, with the team owner's plan (the teams module's). */
  membershipOf: (db: AnyConnection, userId: string) => Promise<{ teamOwnerId: string; teamOwnerPlan: UserPlan } | null>;
}

/** Whether one more card may be made, and the allowance a refusal names. */
interface CardRoom {
  canCreateCard: boolean;
  /** Null when no limit applies. */
  maxActiveCards: number | null;
  /** The plan whose allowance decides. */
  plan: UserPlan;
}

/** The refusal when the plan's allowance is used up (403 `card-limit`; the SPA offers the upgrade). */
function cardLimitError(room: Pick<CardRoom, 'plan'> & { maxActiveCards: number }): AppError {
  return new AppError(403, cardLimitErrorCode, keyed('cardLimit', { plan: room.plan, planTitle: planTitles[room.plan], count: room.maxActiveCards }));
}

export function isCardLimitError(error: unknown): error is AppError {
  return error instanceof AppError && error.code === cardLimitErrorCode;
}

export function createCardAllowance(deps: CardAllowanceDeps) {
  /** A user's own cards under their own plan. */
  async function ofOwner(ownerId: string, db: AnyConnection = deps.db): Promise<CardsUnderAllowance & { plan: UserPlan }> {
    const state = await deps.planStateOf(db, ownerId, deps.now());
    if (!state) throw notFound(keyed('accountGone'));
    const cards = await repository.listCardsUnderOwnAllowance(db, ownerId);
    // The plan the allowance belongs to, in the same clock's time (a refusal names it).
    return { ...applyCardAllowance(cards, state), plan: state.plan };
  }

  /** A team's cards (its members' team cards and the owner's own) under the team owner's plan. */
  async function ofTeam(teamOwnerId: string, db: AnyConnection = deps.db): Promise<CardsUnderAllowance> {
    const state = await deps.planStateOf(db, teamOwnerId, deps.now());
    if (!state) throw notFound(keyed('teamGone'));
    return applyCardAllowance(await repository.listCardsUnderTeamAllowance(db, teamOwnerId), state);
  }

  /**
   * Room for one more card held like `card`, read through `db`: the transaction that adds the card (under the
   * owner's lock), so two requests at once cannot both take the last place.
   */
  async function roomFor(card: { ownerId: string; teamOwnerId: string | null }, db: AnyConnection): Promise<CardRoom> {
    const scope = scopeOfNewCard(card, card.teamOwnerId ? 'team' : await planOf(db, card.ownerId));
    return scope.kind === 'team' ? { ...(await ofTeam(scope.teamOwnerId, db)), plan: 'team' } : ofOwner(scope.ownerId, db);
  }

  return {
    ofOwner,
    ofTeam,

    /** Refuses (403 `card-limit`) when the allowance `card` would count against is used up. */
    async requireRoomFor(card: { ownerId: string; teamOwnerId: string | null }, db: AnyConnection): Promise<void> {
      const room = await roomFor(card, db);
      if (!room.canCreateCard && room.maxActiveCards !== null) throw cardLimitError({ plan: room.plan, maxActiveCards: room.maxActiveCards });
    },

    /** The owner's cards beyond the allowance: listed as blocked, their public pages show the inactive page. */
    async blockedCardIdsOf(ownerId: string): Promise<string[]> {
      const team =
        (await deps.membershipOf(deps.db, ownerId)) ?? { teamOwnerId: ownerId, teamOwnerPlan: await planOf(deps.db, ownerId) };
      const own = await ofOwner(ownerId);
      const teamOwnerId = sharedTeamOf(team);
      return blockedCardIdsOfOwner(own, teamOwnerId ? await ofTeam(teamOwnerId) : null);
    },

    /** How many cards a user owns (what billing shows next to the allowances of other plans). */
    async cardCountOf(ownerId: string): Promise<number> {
      return repository.countCardsByOwner(deps.db, ownerId);
    },
  };
}

export type CardAllowanceService = ReturnType<typeof createCardAllowance>;
