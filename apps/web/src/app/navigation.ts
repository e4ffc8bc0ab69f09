import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { hasTeamCardRoutes } from '@cardstack/shared/teams/roles';

interface NavigationItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The main navigation; features add their entry here when their screen lands. */
export function navigationItems(user: SessionUser): NavigationItem[] {
  return [
    { to: '/', label: 'My cards', end: true },
    ...(hasTeamCardRoutes(user) ? [{ to: '/customize/teams-cards', label: 'Team cards' }] : []),
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/contacts', label: 'Contacts' },
    { to: '/settings', label: 'Settings' },
  ];
}
