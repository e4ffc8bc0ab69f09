import { canUseFeature } from '@cardstack/shared/plans/features';
import type { Caller } from '../auth/auth-module';

/** Who is asking, as the contacts rule needs it: the request's caller (`request.caller()`). */
export type ContactsCaller = Pick<Caller, 'userId' | 'plan' | 'teamOwnerId' | 'permissions'>;

/** The contacts a caller may see, change and export: their own, plus those kept for the teams they may read. */
export interface ContactScope {
  ownerId: string;
  teamOwnerIds: readonly string[];
}

/** What the caller wants to do with the contacts: see (list, open, export, vCard) or change (edit, delete). */
export type ContactAccess = 'read' | 'manage';

const memberPermission = { read: 'readContacts', manage: 'manageContacts' } as const;

/**
 * The one access rule for contacts. Everyone sees and changes their own. On the team plan the team owner also
 * sees and changes the leads of every team card (team contacts are a Teams feature: leaving Teams locks
 * them); a member reaches the team's leads only as their role allows: `readContacts` to see them,
 * `manageContacts` to change or delete them (both granted only while the team is on Teams). A contact outside
 * the scope is answered exactly like one that does not exist (404), so ids cannot be probed.
 */
export function contactScopeOf(caller: ContactsCaller, access: ContactAccess = 'read'): ContactScope {
  const isTeamOwner = caller.teamOwnerId === caller.userId;
  // A member's permissions are granted only while the team is on Teams (the claims say so).
  const reachesTeam = isTeamOwner ? canUseFeature(caller.plan, 'teamContacts') : caller.permissions.includes(memberPermission[access]);
  return { ownerId: caller.userId, teamOwnerIds: reachesTeam ? [caller.teamOwnerId] : [] };
}
