import { NavLink, useParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useMessages } from '../../lib/i18n/messages';
import { useAdminMe } from './api/admin-me';
import { AuditSection, ErrorsSection, HealthSection, JobsSection, MailSection } from './components/operations-sections';
import { BatchesSection } from './components/batches-section';
import { PolicySection } from './components/policy-section';
import { RequestsSection } from './components/requests-section';
import { UsersSection } from './components/users-section';
import { adminMessages } from './messages';

const sections = [
  { path: 'users', label: 'sectionUsers', Section: UsersSection },
  { path: 'preorders', label: 'sectionPreorders', Section: BatchesSection },
  { path: 'requests', label: 'sectionRequests', Section: RequestsSection },
  { path: 'sign-up', label: 'sectionSignUp', Section: PolicySection },
  { path: 'mail', label: 'sectionMail', Section: MailSection },
  { path: 'jobs', label: 'sectionJobs', Section: JobsSection },
  { path: 'errors', label: 'sectionErrors', Section: ErrorsSection },
  { path: 'health', label: 'sectionHealth', Section: HealthSection },
  { path: 'audit', label: 'sectionAudit', Section: AuditSection },
] as const;

/**
 * /admin and /admin/{section}: the operator console. The server answers every admin request only for
 * operators; this page asks first so others see a plain "not for you" instead of a list of errors.
 */
export function AdminPage() {
  const t = useMessages(adminMessages);
  const { section = 'users' } = useParams();
  const me = useAdminMe();
  if (me.isPending) return <FullScreenSpinner />;
  if (!me.data?.isAdmin) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <h1 className="mb-4 text-2xl font-bold">{t('title')}</h1>
        <FormAlert message={t('notAdmin')} />
      </main>
    );
  }
  const current = sections.find((candidate) => candidate.path === section) ?? sections[0];
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <nav aria-label={t('sectionsNav')} className="flex flex-wrap gap-2 border-b border-zinc-200 pb-2">
        {sections.map(({ path, label }) => (
          <NavLink
            key={path}
            to={`/admin/${path}`}
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-semibold ${isActive || (path === 'users' && section === 'users') ? 'bg-brand-600 text-white' : 'text-zinc-700 hover:bg-zinc-100'}`
            }
          >
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <section aria-labelledby="admin-section-title" className="flex flex-col gap-4">
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {t(current.label)}
        </h2>
        <current.Section />
      </section>
    </main>
  );
}

export default AdminPage;
