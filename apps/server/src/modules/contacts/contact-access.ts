import { canUseFeature } from '@cardstack/shared/plans/features';
import { toUserPlan, type UserPlan } from '@cardstack/shared/plans/plans';
import type { TeamClaimsResolver } from '../account/account-service';
import type { CurrentSession } from '../auth/session';

/**
 * Who is asking, with what the access rule needs. The teams feature adds the caller's role permissions here
 * (resolved once per request) and extends `contactScopeOf`; nothing else in the contacts module decides access.
 */
export interface ContactsCaller {
  userId: string;
  plan: UserPlan;
  /** Spec §6: "a user without a team record is their own team owner". */
  teamOwnerId: string;
  /** A member whose role has the `contacts` permission, in team mode (issue 7). */
  hasContactsPermission?: boolean;
}

export async function contactsCallerOf(session: CurrentSession, resolveTeamClaims: TeamClaimsResolver): Promise<ContactsCaller> {
  const claims = await resolveTeamClaims(session.user.id);
  return {
    userId: session.user.id,
    plan: toUserPlan(session.user.plan),
    teamOwnerId: claims.teamOwnerId,
    hasContactsPermission: claims.permissions?.includes('contacts') ?? false,
  };
}

/** The contacts a caller may see, change and export: their own, plus those kept for the teams they may read. */
export interface ContactScope {
  ownerId: string;
  teamOwnerIds: readonly string[];
}

/**
 * The one access rule for contacts. Everyone sees their own. On the team plan the team owner also sees the
 * leads of every team card (spec §8 lists "team contacts" among what leaving Teams locks); members never see
 * each other's unless their role has the `contacts` permission (granted only while the team is on Teams), which
 * shows them the team's leads as the owner sees them. A contact outside the scope is answered exactly like one
 * that does not exist (404), so ids cannot be probed.
 */
export function contactScopeOf(caller: ContactsCaller): ContactScope {
  const isTeamOwner = caller.teamOwnerId === caller.userId;
  const seesTeamContacts = isTeamOwner ? canUseFeature(caller.plan, 'teamContacts') : caller.hasContactsPermission === true;
  return { ownerId: caller.userId, teamOwnerIds: seesTeamContacts ? [caller.teamOwnerId] : [] };
}
