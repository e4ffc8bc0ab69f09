import type { Card } from '@cardstack/shared/cards/schemas';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { can, type Permission } from '@cardstack/shared/teams/roles';

/**
 * Who is asking, as the card rules need it: the request's caller (`request.caller()`) has all of it. A use case
 * acting for the teams feature (a card made for a member) may pass the user alone.
 */
export interface CardCaller {
  userId: string;
  /** A user without a team record is their own team owner. */
  teamOwnerId?: string;
  /** Whether the user is a member of someone else's team (their new cards belong to that team). */
  isOrganizationUser?: boolean;
  /** The role's permissions in team mode; manageDigitalCards lets them work on the team's cards. */
  permissions?: readonly Permission[];
  /** The caller's own plan; with the team claims it decides the card's paid features (`planForCard`). Basic when left out. */
  plan?: UserPlan;
  /** The team's owner is on Teams. */
  isTeamMode?: boolean;
  /** The account's name and address: a card made from a physical product starts with them. */
  name?: string;
  email?: string;
}

/**
 * The one rule for reading or changing a card through the API: its owner may, and so may anyone in the
 * card's team whose role manages the team's cards. A card the caller may not access is answered exactly like a
 * card that does not exist (404), so ids cannot be probed.
 */
export function canAccessCard(caller: CardCaller, card: Pick<Card, 'ownerId' | 'teamOwnerId'>): boolean {
  if (card.ownerId === caller.userId) return true;
  return card.teamOwnerId !== null && card.teamOwnerId === caller.teamOwnerId && can({ permissions: caller.permissions ?? [] }, 'manageDigitalCards');
}
