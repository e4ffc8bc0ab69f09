import { isTeamActive } from '@cardstack/shared/plans/plans';
import { effectivePermissions } from '@cardstack/shared/teams/roles';
import type { AnyConnection } from '../../db/schema';
import type { TeamClaims, TeamClaimsResolver } from '../auth/auth-module';
import { planOf } from '../billing/billing-module';
import * as repository from './team-repository';

/**
 * The team claims of a user, read from the database on every request, so a change (accepted invitation,
 * new role, edited permission matrix, the owner leaving Teams) holds from the next request on with no token
 * to refresh. A user without a team record is their own team owner; team mode needs the team
 * owner on Teams, read from the plan billing keeps on the user record.
 */
export function createTeamClaimsResolver(db: AnyConnection): TeamClaimsResolver {
  return async (userId) => {
    const membership = await repository.findMembershipOfUser(db, userId);
    if (!membership) return ownerClaims(userId, isTeamActive(await planOf(db, userId)));
    const role = repository.toTeamRole(membership.role);
    const teamActive = isTeamActive(membership.owner_plan);
    const roles = teamActive ? await repository.readRoles(db, membership.team_owner_id) : null;
    return {
      isOrganizationUser: true,
      teamOwnerId: membership.team_owner_id,
      role,
      permissions: roles ? effectivePermissions({ role, isTeamActive: teamActive, roles }) : [],
      isTeamMode: teamActive,
    };
  };
}

function ownerClaims(userId: string, isTeamActive: boolean): TeamClaims {
  return {
    isOrganizationUser: false,
    teamOwnerId: userId,
    role: 'owner',
    permissions: effectivePermissions({ role: 'owner', isTeamActive, roles: { admin: [], employee: [] } }),
    isTeamMode: isTeamActive,
  };
}
