import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useMessages } from '../../lib/i18n/messages';
import { useSessionUser } from '../../lib/session';
import { settingsMessages } from './messages';
import { settingsSections } from './settings-sections';

export default function SettingsLayout() {
  const t = useMessages(settingsMessages);
  const user = useSessionUser();
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="text-2xl font-bold">
        {t('settingsTitle')}
      </h1>
      <nav aria-label={t('settingsNavigation')} className="mt-4 flex flex-wrap gap-1 border-b border-zinc-200">
        {settingsSections(user).map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-zinc-700 hover:text-zinc-900'}`
            }
          >
            {t(section.label)}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        {/* A tab whose texts load (a new language) leaves the title and the tabs in place. */}
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </section>
  );
}
