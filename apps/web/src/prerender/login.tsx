import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { QueryProvider } from '../lib/query-client';

/**
 * The sign-in screen as HTML, rendered when the app is built (the `prerender-login` plugin in vite.config.ts puts it
 * in dist/login.html, which the server sends for /login to a visitor without a session cookie). The browser paints
 * it from the HTML and the stylesheet, before any JavaScript: React, React DOM and the router alone are ~95 KB gzip
 * (decision 0032), and on a phone they, the session check and the screen's chunk made the form appear late. The
 * app then starts as on any other page and its own sign-in screen replaces this copy (login-page.tsx).
 *
 * The frame is AuthLayout's (app/layouts/auth-layout.tsx), written out here: the layout reads the session, which
 * is unknown at build time, and giving the frame a component of its own would add to the first screen's JavaScript,
 * which has no room left. `identifierPrefix` keeps this copy's element ids apart from the app's.
 */
export function renderLoginScreen(): string {
  return renderToString(
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
}
