import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { LoginPage } from '../features/auth/login-page';
import { setAppPreferences } from '../lib/i18n/app-locale';
import { QueryProvider } from '../lib/query-client';

export { locales, textDirection } from '@cardstack/shared/i18n/locales';

/**
 * The sign-in screen as HTML in one language, rendered when the app is built (the `prerender-login` plugin in
 * vite.config.ts puts it in dist/login.html, login.de.html…, one of which the server sends for /login to a visitor
 * without a session cookie). The browser paints it from the HTML and the stylesheet, before any JavaScript: React,
 * React DOM and the router alone are ~95 KB gzip (decision 0032), and on a phone they, the session check and the
 * screen's chunk made the form appear late. The app then starts as on any other page and its own sign-in screen
 * replaces this copy (login-page.tsx).
 *
 * The frame is AuthLayout's (app/layouts/auth-layout.tsx), written out here: the layout reads the session, which
 * is unknown at build time, and giving the frame a component of its own would add to the first screen's JavaScript,
 * which has no room left. `identifierPrefix` keeps this copy's element ids apart from the app's.
 *
 * React's static prerender waits for the screen's catalogs in the language (useMessages suspends until one has
 * loaded), where renderToString would give up on the first.
 */
export async function renderLoginScreen(locale: Locale): Promise<string> {
  setAppPreferences({ locale });
  const { prelude } = await prerender(
    <MemoryRouter initialEntries={['/login']}>
      <QueryProvider>
        <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
          <p className="text-lg font-bold text-brand-700">Cards</p>
          <LoginPage isStatic />
        </main>
      </QueryProvider>
    </MemoryRouter>,
    { identifierPrefix: 'prerendered-' },
  );
  return new Response(prelude).text();
}
