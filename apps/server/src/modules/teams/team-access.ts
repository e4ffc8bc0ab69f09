import type { Permission, TeamRole } from '@cardstack/shared/teams/roles';
import { can } from '@cardstack/shared/teams/roles';
import type { Caller } from '../auth/auth-module';
import { paidFeatureError } from '../billing/billing-module';
import { forbidden } from '../../http/errors';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** Who is asking, as the team use cases need it: the request's caller (`request.caller()`), or an import's starter. */
export type TeamCaller = Pick<Caller, 'userId' | 'name' | 'email' | 'teamOwnerId' | 'role' | 'permissions' | 'isOrganizationUser'>;

/**
 * The one permission check of every team endpoint. The owner off Teams gets the paid-feature answer (the SPA
 * shows the upgrade overlay); a member whose role lacks the permission, or whose team left Teams, is refused.
 */
export function requirePermission(caller: TeamCaller, permission: Permission): void {
  if (can(caller, permission)) return;
  if (caller.role === 'owner') throw paidFeatureError();
  throw forbidden(keyed('roleNotAllowed'));
}

/**
 * Making someone an admin hands out whatever the admin role holds, so it takes more than user management:
 * only the owner or a holder of `roles` (who could grant the same through the roles matrix) may do it.
 */
export function mayGrantRole(caller: TeamCaller, role: TeamRole): boolean {
  return role !== 'admin' || caller.role === 'owner' || can(caller, 'roles');
}

export function requireMayGrantRole(caller: TeamCaller, role: TeamRole): void {
  if (!mayGrantRole(caller, role)) throw forbidden(keyed('adminNeedsRoles'));
}
