import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { prefetchSession } from '../lib/session';
import { loadWithTimeout } from './chunk-timeout';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { AuthLayout } from './layouts/auth-layout';
import { NotFoundPage, RouteError } from './route-error';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const RegisterPage = lazyPage(() => import('../features/auth/register-page'));
// security-auth
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'));

const rootRouteId = 'root';

/**
 * The route table, in two parts. Here: the sign-in screens, the first screen of most visits, and
 * the not-found screen. The rest (app/app-routes.tsx) is added on the first navigation elsewhere (React Router's
 * lazy route discovery), so the first screen does not download the table of every other screen.
 */
export const routes: RouteObject[] = [
  {
    id: rootRouteId,
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the rest of the route table loads, on a first visit to a screen outside sign-in.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        id: 'auth',
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          // security-auth
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
        ],
      },
      { path: '/not-found', element: <NotFoundPage /> },
      // Until the rest of the table is in, every other path matches here first, and the router asks for it below.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  /*
   * Called on a navigation to a path not matched above (or matched only by '*'). The screens there are mostly
   * signed-in ones: the session request starts alongside, not after, the table. A chunk that fails or times out
   * goes to the route error screen ("Reload"). Patching again is harmless: React Router skips routes it has.
   */
  async patchRoutesOnNavigation({ patch }) {
    prefetchSession();
    const { appRoutes } = await loadWithTimeout(() => import('./app-routes'), undefined, 'app-routes');
    patch(rootRouteId, appRoutes);
  },
});
