import type { Kysely } from 'kysely';
import { effectivePermissions } from '@cardstack/shared/teams/roles';
import type { Database } from '../../db/schema';
import type { TeamClaims, TeamClaimsResolver } from '../auth/auth-module';
import * as repository from './team-repository';

/**
 * The team claims of a user, read from the database on every request, so a change (accepted invitation,
 * new role, edited permission matrix, the owner leaving Teams) holds from the next request on with no token
 * to refresh. A user without a team record is their own team owner; team mode needs the team
 * owner on Teams, read from the plan billing keeps on the user record.
 */
export function createTeamClaimsResolver(db: Kysely<Database>): TeamClaimsResolver {
  return async (userId) => {
    const membership = await repository.findMembershipOfUser(db, userId);
    if (!membership) {
      const plan = await repository.findUserPlan(db, userId);
      return ownerClaims(userId, plan === 'team');
    }
    const role = repository.toTeamRole(membership.role);
    const isTeamActive = membership.owner_plan === 'team';
    const roles = isTeamActive ? await repository.readRoles(db, membership.team_owner_id) : null;
    return {
      isOrganizationUser: true,
      teamOwnerId: membership.team_owner_id,
      role,
      permissions: roles ? effectivePermissions({ role, isTeamActive, roles }) : [],
      isTeamMode: isTeamActive,
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
