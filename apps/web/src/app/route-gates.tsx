import { Outlet } from 'react-router';
import { hasTeamCardRoutes } from '@cardstack/shared/teams/roles';
import { settingsRoutesFor, type SettingsRouteName } from '@cardstack/shared/teams/settings-routes';
import NotFoundPage from '../features/not-found/not-found-page';
import { useSessionUser } from '../lib/session';

/*
 * The team-card routes, and the user-management and roles settings, exist only for the users they are for.
 * The route table is built once, so these gates stand where the routes would be and show the not-found screen
 * to everyone else — the same screen an unregistered path shows.
 * The server checks the same permissions on every request; this only mirrors them.
 */

/** /customize/teams-cards and its edit/{cardId} tabs: team mode with manageDigitalCards checked. */
export function TeamCardsGate() {
  const user = useSessionUser();
  return hasTeamCardRoutes(user) ? <Outlet /> : <NotFoundPage />;
}

/** A settings sub-route the user may not have (decision 0007). */
function SettingsRouteGate({ route }: { route: SettingsRouteName }) {
  const user = useSessionUser();
  return settingsRoutesFor(user).includes(route) ? <Outlet /> : <NotFoundPage />;
}

export function UserManagementGate() {
  return <SettingsRouteGate route="user-management" />;
}

export function RolesGate() {
  return <SettingsRouteGate route="roles" />;
}
