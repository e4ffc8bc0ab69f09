import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { AuthLayout } from './layouts/auth-layout';
import { SignedInLayout } from './layouts/signed-in-layout';
import { RouteError } from './route-error';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const RegisterPage = lazyPage(() => import('../features/auth/register-page'));
const CardsListPage = lazyPage(() => import('../features/cards/cards-list-page'));
const CardEditorPage = lazyPage(() => import('../features/cards/editor/card-editor-page'));
const CardMainTab = lazyPage(() => import('../features/cards/editor/main-tab'));
const CardContactInfoTab = lazyPage(() => import('../features/cards/editor/contact-info-tab'));
const CardLinksTab = lazyPage(() => import('../features/cards/editor/links-tab'));
const OnboardingPage = lazyPage(() => import('../features/onboarding/onboarding-page'));
const SettingsLayout = lazyPage(() => import('../features/settings/settings-layout'));
const GeneralSettingsPage = lazyPage(() => import('../features/settings/general-settings-page'));
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'));

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
          { path: '/onboarding', element: <OnboardingPage /> },
          {
            path: '/settings',
            element: <SettingsLayout />,
            children: [{ index: true, element: <GeneralSettingsPage /> }],
          },
        ],
      },
      { path: '/not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
