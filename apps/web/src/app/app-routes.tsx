import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { lazyPage } from './lazy-page';
import { SignedInLayout } from './layouts/signed-in-layout';
import { RolesGate, TeamCardsGate, UserManagementGate } from './route-gates';

/*
 * The route table beyond the sign-in screens (app/router.tsx): the signed-in area and the public screens that
 * are not the first one. It is a chunk of its own, added to the router on the first navigation outside sign-in,
 * so the first screen's JavaScript does not carry the table and the preload lists of every screen.
 */
const CardsListPage = lazyPage(() => import('../features/cards/cards-list-page'));
const CardEditorPage = lazyPage(() => import('../features/cards/editor/card-editor-page'));
const CardMainTab = lazyPage(() => import('../features/cards/editor/main-tab'));
const CardContactInfoTab = lazyPage(() => import('../features/cards/editor/contact-info-tab'));
const CardLinksTab = lazyPage(() => import('../features/cards/editor/links-tab'));
const CardAppleWalletTab = lazyPage(() => import('../features/cards/editor/apple-wallet-tab'));
const CardGoogleWalletTab = lazyPage(() => import('../features/cards/editor/google-wallet-tab'));
const OnboardingPage = lazyPage(() => import('../features/cards/onboarding-page'));
const SettingsLayout = lazyPage(() => import('../features/settings/settings-layout'));
const GeneralSettingsPage = lazyPage(() => import('../features/settings/general-settings-page'));
const TeamCardsPage = lazyPage(() => import('../features/teams/team-cards-page'));
const UserManagementPage = lazyPage(() => import('../features/teams/user-management-page'));
const RolesPage = lazyPage(() => import('../features/teams/roles-page'));
const InviteAcceptPage = lazyPage(() => import('../features/teams/invite-accept-page'));
const ContactsPage = lazyPage(() => import('../features/contacts/contacts-page'));
const DashboardPage = lazyPage(() => import('../features/insights/dashboard-page'));
const ScannerPage = lazyPage(() => import('../features/scanner/scanner-page'));
const SubscriptionPage = lazyPage(() => import('../features/billing/subscription-page'));
const PricingPlansPage = lazyPage(() => import('../features/billing/pricing-plans-page'));
const IntegrationsPage = lazyPage(() => import('../features/integrations/integrations-page'));
const OAuthConsentPage = lazyPage(() => import('../features/integrations/oauth-consent-page'));
const ActivatePage = lazyPage(() => import('../features/physical-cards/activate-page'));
const CustomDesignFormPage = lazyPage(() => import('../features/design-requests/custom-design-form-page'));
const AdminPage = lazyPage(() => import('../features/admin/admin-page'));
const ChoosePasswordPage = lazyPage(() => import('../features/auth/choose-password-page'));
const PasswordChangedPage = lazyPage(() => import('../features/settings/password-changed-page'));

/** The card editor's tabs, the same for one's own cards and the team's. */
const cardEditorTabs: RouteObject[] = [
  { index: true, element: <CardMainTab /> },
  { path: 'contact-info', element: <CardContactInfoTab /> },
  { path: 'links', element: <CardLinksTab /> },
  { path: 'apple-wallet', element: <CardAppleWalletTab /> },
  { path: 'google-wallet', element: <CardGoogleWalletTab /> },
];

export const appRoutes: RouteObject[] = [
  {
    id: 'signed-in',
    // The layout's texts suspend it until their catalog is in, the first time in a language.
    element: (
      <Suspense fallback={<FullScreenSpinner />}>
        <SignedInLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <CardsListPage /> },
      { path: '/customize', element: <CardsListPage /> },
      {
        path: '/customize/edit/:cardId',
        element: <CardEditorPage />,
        children: cardEditorTabs,
      },
      {
        // Team mode with the manageDigitalCards permission only; everyone else gets the not-found screen.
        path: '/customize/teams-cards',
        element: <TeamCardsGate />,
        children: [
          { index: true, element: <TeamCardsPage /> },
          {
            path: 'edit/:cardId',
            element: <CardEditorPage />,
            children: cardEditorTabs,
          },
        ],
      },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/contacts', element: <ContactsPage /> },
      { path: '/contacts/scan', element: <ScannerPage /> },
      { path: '/onboarding', element: <OnboardingPage /> },
      // The operator console: the page asks the server whether the caller is an operator; every admin API checks it again.
      { path: '/admin', element: <AdminPage /> },
      { path: '/admin/:section', element: <AdminPage /> },
      {
        path: '/settings',
        element: <SettingsLayout />,
        children: [
          { index: true, element: <GeneralSettingsPage /> },
          { path: 'pricing-plans', element: <PricingPlansPage /> },
          { path: 'integrations', element: <IntegrationsPage /> },
          { path: 'user-management', element: <UserManagementGate />, children: [{ index: true, element: <UserManagementPage /> }] },
          { path: 'roles', element: <RolesGate />, children: [{ index: true, element: <RolesPage /> }] },
        ],
      },
    ],
  },
  { path: '/subscription', element: <SubscriptionPage /> },
  // Where a confirmation link lands: the confirmation removed the password given at sign-up.
  { path: '/choose-password', element: <ChoosePasswordPage /> },
  // An app (Zapier) asking for access: signed-out visitors sign in first and come back with the same query.
  { path: '/oauth', element: <OAuthConsentPage /> },
  // The invitation mail's link: open to visitors who are signed out, and to those signed in.
  { path: '/invite/:token', element: <InviteAcceptPage /> },
  // A physical card's "Activate this card": open signed out (sign in or register, then back) and signed in.
  { path: '/activate/:preorderId', element: <ActivatePage /> },
  { path: '/custom-design-form', element: <CustomDesignFormPage /> },
  // Where a password reset ends: signed out it offers "Sign in" and comes back; signed in it lists what still has access.
  { path: '/password-changed', element: <PasswordChangedPage /> },
];
