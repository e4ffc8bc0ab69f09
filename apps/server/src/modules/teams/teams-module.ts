/*
 * The teams module's public entry: members, roles, team cards, invitations and the bulk import (routes); the
 * team claims every request's caller carries; the sign-in and account-deletion hooks.
 */
export { onAccountDeleted, recordSignIn } from './team-account-hooks';
export { createTeamClaimsResolver } from './team-claims';
export type { TeamsDeps } from './team-deps';
export { registerTeamJobs } from './team-import';
export { registerTeamRoutes } from './team-routes';
