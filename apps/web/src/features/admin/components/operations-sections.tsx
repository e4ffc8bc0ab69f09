import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useInstanceHealth } from '../api/instance-health';
import { useAdminAudit } from '../api/list-audit';
import { useAdminErrors } from '../api/list-errors';
import { useAdminJobs } from '../api/list-jobs';
import { useAdminMail } from '../api/list-mail';
import { useRetryJob } from '../api/retry-job';
import { adminMessages } from '../messages';
import { DataTable, useFormatTime } from './table';

export function MailSection() {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const mail = useAdminMail();
  if (!mail.data) return <Spinner label={t('loading')} />;
  return (
    <DataTable
      caption={t('mailCaption')}
      headers={[t('colCreated'), t('colTo'), t('colTemplate'), t('colStatus'), t('colAttempts'), t('colLastError')]}
      rows={mail.data.mails.map((m) => [formatTime(m.createdAt), m.to, m.template, m.status, m.attempts, m.lastError ?? ''])}
    />
  );
}

export function JobsSection() {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const jobs = useAdminJobs();
  const retry = useRetryJob({
    onSuccess: () => notify.success(t('jobRetried')),
    onError: (error) => notify.alert(error.message),
  });
  if (!jobs.data) return <Spinner label={t('loading')} />;
  return (
    <>
      <p className="text-sm text-zinc-700">
        {Object.entries(jobs.data.counts)
          .map(([status, count]) => `${status}: ${count}`)
          .join(' · ')}
      </p>
      <DataTable
        caption={t('jobsCaption')}
        headers={[t('colKind'), t('colStatus'), t('colAttempts'), t('colRunAt'), t('colLastError'), '']}
        rows={jobs.data.jobs.map((job) => [
          job.kind,
          job.status,
          job.attempts,
          formatTime(job.runAt),
          job.lastError ?? '',
          job.status === 'failed' || job.status === 'dead' ? (
            <Button variant="secondary" onClick={() => retry.mutate(job.id)}>
              {t('retry')}
            </Button>
          ) : null,
        ])}
      />
    </>
  );
}

export function ErrorsSection() {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const errors = useAdminErrors();
  if (!errors.data) return <Spinner label={t('loading')} />;
  return (
    <DataTable
      caption={t('errorsCaption')}
      headers={[t('colWhen'), t('colMessage'), t('colContext')]}
      rows={errors.data.errors.map((e) => [formatTime(e.createdAt), e.message, <code className="text-xs">{e.context ?? ''}</code>])}
    />
  );
}

export function HealthSection() {
  const t = useMessages(adminMessages);
  const format = useFormat();
  const health = useInstanceHealth();
  if (!health.data) return <Spinner label={t('loading')} />;
  const { database, storage, mail, versions, uptimeSeconds, credentials } = health.data;
  const state = (kind: string, isReachable: boolean) => t(isReachable ? 'reachable' : 'notReachable', { kind });
  const credentialNames: Record<string, string> = { 'apple-signing-certificate': t('credentialAppleSigning'), 'apple-apns-key': t('credentialApns') };
  const expiry = ({ expiresAt, daysLeft }: (typeof credentials)[number]) =>
    expiresAt === null || daysLeft === null
      ? t('expiryUnknown')
      : daysLeft < 0
        ? t('expired', { date: format.date(expiresAt) })
        : t(daysLeft <= 30 ? 'daysLeftRenew' : 'daysLeft', { days: daysLeft, date: format.date(expiresAt) });
  return (
    <DataTable
      caption={t('healthCaption')}
      headers={[t('colPart'), t('colState')]}
      rows={[
        [t('partDatabase'), state(database.dialect, database.isReachable)],
        [t('partStorage'), state(storage.kind, storage.isReachable)],
        [t('partMail'), t('mailState', { transport: mail.transport, pending: mail.pending, failed: mail.failed })],
        [t('partVersions'), t('versionsState', { app: versions.app, node: versions.node })],
        [t('partUptime'), t('uptime', { hours: Math.floor(uptimeSeconds / 3600), minutes: Math.floor((uptimeSeconds % 3600) / 60) })],
        ...credentials.map((credential) => [credentialNames[credential.credential] ?? credential.credential, expiry(credential)]),
      ]}
    />
  );
}

export function AuditSection() {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const audit = useAdminAudit();
  if (!audit.data) return <Spinner label={t('loading')} />;
  return (
    <DataTable
      caption={t('auditCaption')}
      headers={[t('colWhen'), t('colWho'), t('colWhat'), t('colTarget'), t('colBefore'), t('colAfter')]}
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
