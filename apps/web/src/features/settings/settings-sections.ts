import type { SessionUser } from '@cardstack/shared/auth/schemas';

/**
 * The settings sub-routes a user gets. Spec §2: everyone gets general, pricing-plans and integrations;
 * users who are not organisation users also get user-management and roles. Sections are added here as
 * their features land.
 */
export function settingsSections(_user: SessionUser): { to: string; label: string }[] {
  return [{ to: '/settings', label: 'General' }];
}
