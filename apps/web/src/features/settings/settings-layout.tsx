import { NavLink, Outlet } from 'react-router';
import { useSessionUser } from '../../lib/session';
import { settingsSections } from './settings-sections';

export default function SettingsLayout() {
  const user = useSessionUser();
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="text-2xl font-bold">
        Settings
      </h1>
      <nav aria-label="Settings" className="mt-4 flex flex-wrap gap-1 border-b border-zinc-200">
        {settingsSections(user).map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-zinc-700 hover:text-zinc-900'}`
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </section>
  );
}
