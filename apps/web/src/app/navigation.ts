import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { hasTeamCardRoutes } from '@cardstack/shared/teams/roles';
import type { LayoutMessageId } from './layouts/messages';

interface NavigationItem {
  to: string;
  /** The entry's name: a message of the layout's catalog (app/layouts/messages), translated where it is shown. */
  label: LayoutMessageId;
  end?: boolean;
}

/** The main navigation; features add their entry here when their screen lands. */
export function navigationItems(user: SessionUser): NavigationItem[] {
  return [
    { to: '/', label: 'myCards', end: true },
    ...(hasTeamCardRoutes(user) ? [{ to: '/customize/teams-cards', label: 'teamCards' as const }] : []),
    { to: '/dashboard', label: 'dashboard' },
    { to: '/contacts', label: 'contacts' },
    { to: '/settings', label: 'settings' },
  ];
}
