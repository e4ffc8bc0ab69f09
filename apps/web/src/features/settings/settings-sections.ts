import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { settingsRoutesFor } from '@cardstack/shared/teams/settings-routes';

/**
 * The settings sub-routes a user gets: everyone gets general, pricing-plans and integrations;
 * users who are not organisation users also get user-management and roles. Sections are added here as
 * their features land.
 */
export function settingsSections(user: SessionUser): { to: string; label: string }[] {
  const routes = settingsRoutesFor(user);
  return [
    { to: '/settings', label: 'General' },
    { to: '/settings/pricing-plans', label: 'Pricing plans' },
    { to: '/settings/integrations', label: 'Integrations' },
    // Teams (decision 0007): organisation users only with the matching permission.
    ...(routes.includes('user-management') ? [{ to: '/settings/user-management', label: 'User management' }] : []),
    ...(routes.includes('roles') ? [{ to: '/settings/roles', label: 'Roles' }] : []),
  ];
}
