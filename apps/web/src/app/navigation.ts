import type { SessionUser } from '@cardstack/shared/auth/schemas';

export interface NavigationItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The main navigation; features add their entry here when their screen lands. */
export function navigationItems(_user: SessionUser): NavigationItem[] {
  return [
    { to: '/', label: 'My cards', end: true },
    { to: '/settings', label: 'Settings' },
  ];
}
