import type { CardsUnderAllowance } from '@cardstack/shared/plans/card-limits';
import type { TeamUsage } from '@cardstack/shared/teams/schemas';
import type { TeamsDeps } from './team-deps';
import * as repository from './team-repository';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

/** Seats and cards a team uses against its Teams plan. */
export async function usageOf(deps: TeamsDeps, teamOwnerId: string, cards?: CardsUnderAllowance): Promise<TeamUsage> {
  const resolved = cards ?? (await deps.cardAllowance.ofTeam(teamOwnerId));
  return {
    // The owner holds a seat too.
    seatsUsed: 1 + (await repository.countMembers(deps.db, teamOwnerId)),
    cardsUsed: resolved.activeCardIds.length + resolved.blockedCardIds.length,
    allowance: resolved.maxActiveCards,
  };
}

/** Why a new person cannot join, or null. Seats are people: the owner and every member. */
export async function seatProblem(deps: TeamsDeps, teamOwnerId: string, extraSeats = 1): Promise<KeyedMessage | null> {
  const usage = await usageOf(deps, teamOwnerId);
  if (usage.allowance !== null && usage.seatsUsed + extraSeats > usage.allowance) return keyed('seatsFull', { allowance: usage.allowance });
  return null;
}
