import { toUserPlan, type UserPlan } from '@cardstack/shared/plans/plans';
import type { AnyConnection } from '../../db/schema';
import type { Logger } from 'pino';
import type { AppModule } from '../module-contract';
import { onAccountDeleted } from './team-account-hooks';
import type { TeamsDeps } from './team-deps';
import { registerTeamJobs } from './team-import';
import { findMembershipOfUser, hasOpenInvitation } from './team-repository';
import { registerTeamRoutes } from './team-routes';
/*
 * The teams module's public entry: members, roles, team cards, invitations and the bulk import (routes); the
 * team claims every request's caller carries; the sign-in and account-deletion hooks.
 */
export { recordSignIn } from './team-account-hooks';
export { createTeamClaimsResolver } from './team-claims';
export type { TeamsDeps } from './team-deps';
export { invitationAcceptPath } from './team-invitations';

/** Whether someone invited this address into a team (sign-up "by invitation only" lets them in). */
export async function isAddressInvited(db: AnyConnection, email: string, now: Date): Promise<boolean> {
  return hasOpenInvitation(db, email.trim().toLowerCase(), now.toISOString());
}

/** The accepted membership that puts a user's cards in a team, with the team owner's plan; null outside a team. */
export async function findTeamMembership(db: AnyConnection, userId: string): Promise<{ teamOwnerId: string; teamOwnerPlan: UserPlan } | null> {
  const membership = await findMembershipOfUser(db, userId);
  return membership ? { teamOwnerId: membership.team_owner_id, teamOwnerPlan: toUserPlan(membership.owner_plan) } : null;
}

export type { TeamTables } from './teams-tables';

export function createTeamsModule(needs: TeamsDeps & { logger: Logger }): AppModule {
  const { logger, ...deps } = needs;
  return {
    name: 'teams',
    routes: (app) => registerTeamRoutes(app, deps),
    jobs: (runner) => registerTeamJobs(runner, { ...deps, logger }),
    // A leaver's team cards (and their leads) stay with the team: handed over before the cards module deletes theirs.
    onAccountDeleted: (trx, account) => onAccountDeleted({ ...deps, db: trx }, account.userId),
  };
}
