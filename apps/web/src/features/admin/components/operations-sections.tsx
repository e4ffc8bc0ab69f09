import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useInstanceHealth } from '../api/instance-health';
import { useAdminAudit } from '../api/list-audit';
import { useAdminErrors } from '../api/list-errors';
import { useAdminJobs } from '../api/list-jobs';
import { useAdminMail } from '../api/list-mail';
import { useRetryJob } from '../api/retry-job';
import { DataTable, formatTime } from './table';

export function MailSection() {
  const mail = useAdminMail();
  if (!mail.data) return <Spinner />;
  return (
    <DataTable
      caption="Mail outbox, newest first"
      headers={['Created', 'To', 'Template', 'Status', 'Attempts', 'Last error']}
      rows={mail.data.mails.map((m) => [formatTime(m.createdAt), m.to, m.template, m.status, m.attempts, m.lastError ?? ''])}
    />
  );
}

export function JobsSection() {
  const jobs = useAdminJobs();
  const retry = useRetryJob({
    onSuccess: () => notify.success('The job runs again as soon as a runner is free.'),
    onError: (error) => notify.alert(error.message),
  });
  if (!jobs.data) return <Spinner />;
  return (
    <>
      <p className="text-sm text-zinc-700">
        {Object.entries(jobs.data.counts)
          .map(([status, count]) => `${status}: ${count}`)
          .join(' · ')}
      </p>
      <DataTable
        caption="Background jobs, newest first"
        headers={['Kind', 'Status', 'Attempts', 'Run at', 'Last error', '']}
        rows={jobs.data.jobs.map((job) => [
          job.kind,
          job.status,
          job.attempts,
          formatTime(job.runAt),
          job.lastError ?? '',
          job.status === 'failed' || job.status === 'dead' ? (
            <Button variant="secondary" onClick={() => retry.mutate(job.id)}>
              Retry
            </Button>
          ) : null,
        ])}
      />
    </>
  );
}

export function ErrorsSection() {
  const errors = useAdminErrors();
  if (!errors.data) return <Spinner />;
  return (
    <DataTable
      caption="Error log, newest first"
      headers={['When', 'Message', 'Context']}
      rows={errors.data.errors.map((e) => [formatTime(e.createdAt), e.message, <code className="text-xs">{e.context ?? ''}</code>])}
    />
  );
}

export function HealthSection() {
  const health = useInstanceHealth();
  if (!health.data) return <Spinner />;
  const { database, storage, mail, versions, uptimeSeconds, credentials } = health.data;
  const ok = (value: boolean) => (value ? 'reachable' : 'NOT reachable');
  const credentialNames: Record<string, string> = { 'apple-signing-certificate': 'Apple signing certificate', 'apple-apns-key': 'APNs key' };
  const expiry = ({ expiresAt, daysLeft }: (typeof credentials)[number]) =>
    expiresAt === null || daysLeft === null
      ? 'expiry not known (APPLE_APNS_KEY_EXPIRES_AT)'
      : daysLeft < 0
        ? `EXPIRED on ${expiresAt.slice(0, 10)}`
        : `${daysLeft} days left${daysLeft <= 30 ? ' — renew it' : ''} (expires ${expiresAt.slice(0, 10)})`;
  return (
    <DataTable
      caption="Instance health"
      headers={['Part', 'State']}
      rows={[
        ['Database', `${database.dialect}, ${ok(database.isReachable)}`],
        ['File storage', `${storage.kind}, ${ok(storage.isReachable)}`],
        ['Mail', `${mail.transport}; ${mail.pending} waiting, ${mail.failed} failed`],
        ['Versions', `app ${versions.app}, Node.js ${versions.node}`],
        ['Up for', `${Math.floor(uptimeSeconds / 3600)} h ${Math.floor((uptimeSeconds % 3600) / 60)} min`],
        ...credentials.map((credential) => [credentialNames[credential.credential] ?? credential.credential, expiry(credential)]),
      ]}
    />
  );
}

export function AuditSection() {
  const audit = useAdminAudit();
  if (!audit.data) return <Spinner />;
  return (
    <DataTable
      caption="Audit log of operator actions, newest first"
      headers={['When', 'Who', 'What', 'Target', 'Before', 'After']}
      rows={audit.data.entries.map((entry) => [
        formatTime(entry.createdAt),
        entry.actorEmail,
        entry.action,
        entry.targetId ?? '',
        <code className="text-xs">{entry.before ?? ''}</code>,
        <code className="text-xs">{entry.after ?? ''}</code>,
      ])}
    />
  );
}
