import type { CardsUnderAllowance } from '@cardstack/shared/plans/card-limits';
import { isTeamActive, type UserPlan } from '@cardstack/shared/plans/plans';

/*
 * Whose allowance a card counts against. The numbers themselves (how many cards a plan keeps active, which
 * ones) are the pure rule in packages/shared/src/plans/card-limits.ts; this file decides which set of cards
 * that rule is applied to.
 */

/** Whose places a card takes: its owner's own plan, or a team's (the Teams owner's plan). */
type AllowanceScope = { kind: 'own'; ownerId: string } | { kind: 'team'; teamOwnerId: string };

/**
 * The scope of one more card held like `card`. A team card, and any card of a Teams owner, takes one of the
 * team's places (the Teams allowance counts the owner's and the members' team cards together); any other card
 * one of its owner's own plan.
 */
export function scopeOfNewCard(card: { ownerId: string; teamOwnerId: string | null }, ownerPlan: UserPlan): AllowanceScope {
  if (card.teamOwnerId) return { kind: 'team', teamOwnerId: card.teamOwnerId };
  return isTeamActive(ownerPlan) ? { kind: 'team', teamOwnerId: card.ownerId } : { kind: 'own', ownerId: card.ownerId };
}

/**
 * The team whose allowance an owner's cards share, given the team they are in: that of their accepted
 * membership, else their own (a user without a team record is their own team owner). Team mode holds only
 * while that team's owner is on Teams; outside it (team cards are "set to basic" when the owner leaves Teams)
 * every card follows its owner's own plan: null.
 */
export function sharedTeamOf(team: { teamOwnerId: string; teamOwnerPlan: UserPlan }): string | null {
  return isTeamActive(team.teamOwnerPlan) ? team.teamOwnerId : null;
}

/**
 * Which of one owner's cards are blocked. Without a shared team, what the owner's own plan blocks. In team
 * mode the team's cards are judged by the team's allowance ("on Teams, only the newest cards up to the
 * allowance stay active, default cards first") and the owner's other cards by their own plan.
 */
export function blockedCardIdsOfOwner(
  own: Pick<CardsUnderAllowance, 'blockedCardIds'>,
  team: Pick<CardsUnderAllowance, 'activeCardIds' | 'blockedCardIds'> | null,
): string[] {
  if (!team) return own.blockedCardIds;
  const teamCardIds = new Set([...team.activeCardIds, ...team.blockedCardIds]);
  return [...team.blockedCardIds, ...own.blockedCardIds.filter((id) => !teamCardIds.has(id))];
}
