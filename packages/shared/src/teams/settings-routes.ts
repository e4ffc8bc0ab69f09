import { can, type Permission } from './roles';

/** The settings sub-routes, in the order the settings navigation lists them. */
export const settingsRouteNames = ['general', 'pricing-plans', 'integrations', 'user-management', 'roles'] as const;
export type SettingsRouteName = (typeof settingsRouteNames)[number];

/**
 * Which settings sub-routes a user gets (docs/decisions/0007-team-settings-routes.md). Users who are not
 * organisation users also get user-management and roles; organisation users get only general, pricing-plans and
 * integrations, plus each of those two screens their role grants (userManagement or roles). A user who is not an
 * organisation user is their own team owner: they always get both screens, which show the paid-feature overlay
 * until they are on Teams.
 */
export function settingsRoutesFor(user: { isOrganizationUser: boolean; permissions: readonly Permission[] }): SettingsRouteName[] {
  const routes: SettingsRouteName[] = ['general', 'pricing-plans', 'integrations'];
  if (!user.isOrganizationUser || can(user, 'userManagement')) routes.push('user-management');
  if (!user.isOrganizationUser || can(user, 'roles')) routes.push('roles');
  return routes;
}
