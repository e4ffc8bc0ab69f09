import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { settingsRoutesFor } from '@cardstack/shared/teams/settings-routes';
import type { SettingsMessageId } from './messages';

/**
 * The settings sub-routes a user gets: everyone gets general, pricing-plans and integrations;
 * users who are not organisation users also get user-management and roles. Sections are added here as
 * their features land. `label` is a message of the settings' catalog, translated where it is shown.
 */
export function settingsSections(user: SessionUser): { to: string; label: SettingsMessageId }[] {
  const routes = settingsRoutesFor(user);
  return [
    { to: '/settings', label: 'section.general' },
    { to: '/settings/pricing-plans', label: 'section.pricingPlans' },
    { to: '/settings/integrations', label: 'section.integrations' },
    // Teams (decision 0007): organisation users only with the matching permission.
    ...(routes.includes('user-management') ? [{ to: '/settings/user-management', label: 'section.userManagement' as const }] : []),
    ...(routes.includes('roles') ? [{ to: '/settings/roles', label: 'section.roles' as const }] : []),
  ];
}
