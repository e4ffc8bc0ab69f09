import { canUseFeature } from '@cardstack/shared/plans/features';
import type { Caller } from '../auth/auth-module';

/** Who is asking, as the contacts rule needs it: the request's caller (`request.caller()`). */
export type ContactsCaller = Pick<Caller, 'userId' | 'plan' | 'teamOwnerId' | 'permissions'>;

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
  // A member's `contacts` permission is granted only while the team is on Teams (the claims say so).
  const seesTeamContacts = isTeamOwner ? canUseFeature(caller.plan, 'teamContacts') : caller.permissions.includes('contacts');
  return { ownerId: caller.userId, teamOwnerIds: seesTeamContacts ? [caller.teamOwnerId] : [] };
}
