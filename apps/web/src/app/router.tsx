import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { AuthLayout } from './layouts/auth-layout';
import { SignedInLayout } from './layouts/signed-in-layout';
import { RouteError } from './route-error';
import { SettingsRouteGate, TeamCardsGate } from './route-gates';
// Static: the route error screen shows it too, so it is in the first chunk anyway.
import NotFoundPage from '../features/not-found/not-found-page';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const RegisterPage = lazyPage(() => import('../features/auth/register-page'));
// security-auth
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'));
const CardsListPage = lazyPage(() => import('../features/cards/cards-list-page'));
const CardEditorPage = lazyPage(() => import('../features/cards/editor/card-editor-page'));
const CardMainTab = lazyPage(() => import('../features/cards/editor/main-tab'));
const CardContactInfoTab = lazyPage(() => import('../features/cards/editor/contact-info-tab'));
const CardLinksTab = lazyPage(() => import('../features/cards/editor/links-tab'));
const OnboardingPage = lazyPage(() => import('../features/cards/onboarding-page'));
const SettingsLayout = lazyPage(() => import('../features/settings/settings-layout'));
const GeneralSettingsPage = lazyPage(() => import('../features/settings/general-settings-page'));
const TeamCardsPage = lazyPage(() => import('../features/teams/team-cards-page'));
const UserManagementPage = lazyPage(() => import('../features/teams/user-management-page'));
const RolesPage = lazyPage(() => import('../features/teams/roles-page'));
const InviteAcceptPage = lazyPage(() => import('../features/teams/invite-accept-page'));
const ContactsPage = lazyPage(() => import('../features/contacts/contacts-page'));
const ScannerPage = lazyPage(() => import('../features/scanner/scanner-page'));
const SubscriptionPage = lazyPage(() => import('../features/billing/subscription-page'));
const PricingPlansPage = lazyPage(() => import('../features/billing/pricing-plans-page'));
const IntegrationsPage = lazyPage(() => import('../features/integrations/integrations-page'));
const OAuthConsentPage = lazyPage(() => import('../features/integrations/oauth-consent-page'));

/** The route table of spec §2. Routes of features that have not landed yet are added with them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          // security-auth
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <SignedInLayout />,
        children: [
          { index: true, element: <CardsListPage /> },
          { path: '/customize', element: <CardsListPage /> },
          {
            // The wallet tabs (apple-wallet, google-wallet) come with the wallet issue.
            path: '/customize/edit/:cardId',
            element: <CardEditorPage />,
            children: [
              { index: true, element: <CardMainTab /> },
              { path: 'contact-info', element: <CardContactInfoTab /> },
              { path: 'links', element: <CardLinksTab /> },
            ],
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
                children: [
                  { index: true, element: <CardMainTab /> },
                  { path: 'contact-info', element: <CardContactInfoTab /> },
                  { path: 'links', element: <CardLinksTab /> },
                ],
              },
            ],
          },
          { path: '/contacts', element: <ContactsPage /> },
          { path: '/contacts/scan', element: <ScannerPage /> },
          { path: '/onboarding', element: <OnboardingPage /> },
          {
            path: '/settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <GeneralSettingsPage /> },
              { path: 'pricing-plans', element: <PricingPlansPage /> },
              { path: 'integrations', element: <IntegrationsPage /> },
              { path: 'user-management', element: <SettingsRouteGate route="user-management" />, children: [{ index: true, element: <UserManagementPage /> }] },
              { path: 'roles', element: <SettingsRouteGate route="roles" />, children: [{ index: true, element: <RolesPage /> }] },
            ],
          },
        ],
      },
      { path: '/subscription', element: <SubscriptionPage /> },
      // An app (Zapier) asking for access: signed-out visitors sign in first and come back with the same query.
      { path: '/oauth', element: <OAuthConsentPage /> },
      // The invitation mail's link: open to visitors who are signed out, and to those signed in.
      { path: '/invite/:token', element: <InviteAcceptPage /> },
      { path: '/not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
