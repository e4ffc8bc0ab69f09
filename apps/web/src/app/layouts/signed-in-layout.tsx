import { Suspense, useEffect } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { uiMessages } from '../../components/messages';
import { Button } from '../../components/ui/button';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { appPreferences, setAppPreferences } from '../../lib/i18n/app-locale';
import { preloadMessages, useMessages } from '../../lib/i18n/messages';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { applyTheme } from '../../lib/theme';
import { navigationItems } from '../navigation';
import { ConfirmEmailScreen } from './confirm-email-screen';
import { OfflineStatus } from './offline-status';
import { layoutMessages } from './messages';

// The colour scheme chosen in this browser (Settings → General), from the first signed-in screen on.
applyTheme();

/**
 * Everything behind sign-in: the navigation and the current screen. Its route puts it inside a Suspense boundary
 * (app-routes.tsx): its texts suspend it until their catalog has loaded, the first time in a language.
 */
export function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
  const t = useMessages(layoutMessages);
  const language = session.data?.language;
  const timeZone = session.data?.timeZone;
  // The account's language and time zone win over the browser's once they are known (Settings → General). The
  // layout's catalogs in that language load first, so the screen does not give way to a spinner while they do.
  // The pseudo-locale stays (a browser test's: no account has it, e2e/pseudo-locale.spec.ts).
  useEffect(() => {
    if (!language || !timeZone) return;
    const locale = appPreferences().locale === 'pseudo' ? 'pseudo' : language;
    let isCurrent = true;
    void Promise.all([preloadMessages(layoutMessages, locale), preloadMessages(uiMessages, locale)])
      .catch(() => undefined)
      .then(() => {
        if (isCurrent) setAppPreferences({ locale, timeZone });
      });
    return () => {
      isCurrent = false;
    };
  }, [language, timeZone]);
  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  const user = session.data;
  if (user.mustConfirmEmail) return <ConfirmEmailScreen user={user} />;
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <span className="text-lg font-bold text-brand-700">Cards</span>
          <nav aria-label={t('mainNavigation')} className="flex flex-1 flex-wrap gap-1">
            {navigationItems(user).map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-zinc-700 hover:bg-zinc-100'}`
                }
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <span className="hidden text-sm text-zinc-700 sm:inline">{user.displayName}</span>
          <Button variant="ghost" onClick={() => void signOut()}>
            {t('signOut')}
          </Button>
        </div>
      </header>
      <OfflineStatus />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {/* A screen that suspends (its catalog in a new language) leaves the navigation in place. */}
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
