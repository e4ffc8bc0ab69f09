import type { Card } from '@cardstack/shared/cards/schemas';
import { can } from '@cardstack/shared/teams/roles';
import type { TeamClaimsResolver } from '../account/account-service';
import type { CurrentSession } from '../auth/session';

/**
 * Who is asking: the user and, resolved once per request, their team and whether their role may manage the
 * team's cards. Nothing else in the cards module decides access.
 */
export interface CardCaller {
  userId: string;
  /** Spec §6: "a user without a team record is their own team owner". */
  teamOwnerId?: string;
  /** The role's manageDigitalCards permission, in team mode (the owner on Teams holds it). */
  canManageTeamCards?: boolean;
}

export async function cardCallerOf(session: CurrentSession, resolveTeamClaims?: TeamClaimsResolver): Promise<CardCaller> {
  if (!resolveTeamClaims) return { userId: session.user.id };
  const claims = await resolveTeamClaims(session.user.id);
  return { userId: session.user.id, teamOwnerId: claims.teamOwnerId, canManageTeamCards: can({ permissions: claims.permissions ?? [] }, 'manageDigitalCards') };
}

/**
 * The one rule for reading or changing a card through the API: its owner may, and so may anyone in the
 * card's team whose role manages the team's cards (issue 7). A card the caller may not access is answered
 * exactly like a card that does not exist (404), so ids cannot be probed.
 */
export function canAccessCard(caller: CardCaller, card: Pick<Card, 'ownerId' | 'teamOwnerId'>): boolean {
  if (card.ownerId === caller.userId) return true;
  return card.teamOwnerId !== null && card.teamOwnerId === caller.teamOwnerId && caller.canManageTeamCards === true;
}
