import { NavLink, useParams } from 'react-router';
import { adminTexts } from '@cardstack/shared/admin/schemas';
import { FormAlert } from '../../components/ui/form-alert';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useAdminMe } from './api/admin-me';
import { AuditSection, ErrorsSection, HealthSection, JobsSection, MailSection } from './components/operations-sections';
import { BatchesSection } from './components/batches-section';
import { PolicySection } from './components/policy-section';
import { RequestsSection } from './components/requests-section';
import { UsersSection } from './components/users-section';

const sections = [
  { path: 'users', label: 'Users', Section: UsersSection },
  { path: 'preorders', label: 'Pre-orders', Section: BatchesSection },
  { path: 'requests', label: 'Requests', Section: RequestsSection },
  { path: 'sign-up', label: 'Sign-up', Section: PolicySection },
  { path: 'mail', label: 'Mail', Section: MailSection },
  { path: 'jobs', label: 'Jobs', Section: JobsSection },
  { path: 'errors', label: 'Errors', Section: ErrorsSection },
  { path: 'health', label: 'Health', Section: HealthSection },
  { path: 'audit', label: 'Audit log', Section: AuditSection },
] as const;

/**
 * /admin and /admin/{section}: the operator console. The server answers every admin request only for
 * operators; this page asks first so others see a plain "not for you" instead of a list of errors.
 */
export function AdminPage() {
  const { section = 'users' } = useParams();
  const me = useAdminMe();
  if (me.isPending) return <FullScreenSpinner />;
  if (!me.data?.isAdmin) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <h1 className="mb-4 text-2xl font-bold">Operator console</h1>
        <FormAlert message={adminTexts.notAdmin} />
      </main>
    );
  }
  const current = sections.find((candidate) => candidate.path === section) ?? sections[0];
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-bold">Operator console</h1>
      <nav aria-label="Console sections" className="flex flex-wrap gap-2 border-b border-zinc-200 pb-2">
        {sections.map(({ path, label }) => (
          <NavLink
            key={path}
            to={`/admin/${path}`}
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-semibold ${isActive || (path === 'users' && section === 'users') ? 'bg-brand-600 text-white' : 'text-zinc-700 hover:bg-zinc-100'}`
            }
          >
            {label}
          </NavLink>
        ))}
      </nav>
      <section aria-labelledby="admin-section-title" className="flex flex-col gap-4">
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {current.label}
        </h2>
        <current.Section />
      </section>
    </main>
  );
}

export default AdminPage;
