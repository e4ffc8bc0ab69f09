import type { Permission } from '@cardstack/shared/teams/roles';
import { can } from '@cardstack/shared/teams/roles';
import type { Caller } from '../auth/auth-module';
import { paidFeatureError } from '../billing/billing-module';
import { forbidden } from '../../http/errors';
import { teamMessages } from './team-messages';

/** Who is asking, as the team use cases need it: the request's caller (`request.caller()`), or an import's starter. */
export type TeamCaller = Pick<Caller, 'userId' | 'name' | 'email' | 'teamOwnerId' | 'role' | 'permissions' | 'isOrganizationUser'>;

/**
 * The one permission check of every team endpoint. The owner off Teams gets the paid-feature answer (the SPA
 * shows the upgrade overlay); a member whose role lacks the permission, or whose team left Teams, is refused.
 */
export function requirePermission(caller: TeamCaller, permission: Permission): void {
  if (can(caller, permission)) return;
  if (caller.role === 'owner') throw paidFeatureError();
  throw forbidden(teamMessages.notAllowed);
}
