import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FullScreenSpinner, Spinner } from '../../components/ui/spinner';
import { useAccountAccess, useRevokeAllAccess } from './api/account-access';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { deviceName } from './components/sessions-panel';
import { settingsMessages } from './messages';

function Frame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-zinc-50 p-4">
      <div className="w-full max-w-xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">{children}</div>
    </main>
  );
}

/** One group of the review: its title and lines, or "None". */
function AccessGroup({ title, lines }: { title: string; lines: { key: string; text: ReactNode }[] }) {
  const t = useMessages(settingsMessages);
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-700">{t('none')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-zinc-200 text-sm">
          {lines.map((line) => (
            <li key={line.key} className="py-2">
              {line.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccessReview() {
  const t = useMessages(settingsMessages);
  const format = useFormat();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRevoked, setIsRevoked] = useState(false);
  const access = useAccountAccess();
  const revokeAll = useRevokeAllAccess({
    onSuccess: () => {
      setIsConfirming(false);
      setIsRevoked(true);
      notify.success(t('accessRevoked'));
    },
    onError: () => notify.alert(t('nothingRevoked')),
  });

  if (access.isPending) return <Spinner className="mt-6 h-5 w-5" label={t('loadingAccess')} />;
  if (access.isError) return <p className="mt-6 text-sm text-red-700">{t('accessNotLoaded')}</p>;
  const { apiKeys, apps, webhooks, sessions } = access.data;
  return (
    <>
      <p className="mt-2 text-sm text-zinc-700">
        {t('accessIntro')}
      </p>
      <AccessGroup
        title={t('apiKeys')}
        lines={apiKeys.map((key) => ({
          key: key.id,
          text: key.lastUsedAt
            ? t('apiKeyUsed', { name: key.name, prefix: key.prefix, created: format.dateTime(key.createdAt), lastUsed: format.dateTime(key.lastUsedAt) })
            : t('apiKeyNeverUsed', { name: key.name, prefix: key.prefix, created: format.dateTime(key.createdAt) }),
        }))}
      />
      <AccessGroup
        title={t('connectedApps')}
        lines={apps.map((app) => ({ key: app.id, text: t('appConnected', { name: app.name, connected: format.dateTime(app.connectedAt) }) }))}
      />
      {/* A webhook's address and the names of its events, as the API writes them. */}
      <AccessGroup title={t('webhooks')} lines={webhooks.map((hook) => ({ key: hook.host, text: `${hook.host} — ${hook.events.join(', ')}` }))} />
      <AccessGroup
        title={t('devicesTitle')}
        lines={sessions.map((session) => ({
          key: session.id,
          text: t(session.isCurrent ? 'thisBrowserLine' : 'sessionLine', { device: deviceName(session.userAgent, t), lastActive: format.dateTime(session.lastActiveAt) }),
        }))}
      />
      {isRevoked ? (
        <p role="status" className="mt-5 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {t('accessRevoked')}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <Link to="/settings" className={buttonClass('secondary')}>
          {t('goToSettings')}
        </Link>
        <Button variant="danger" onClick={() => setIsConfirming(true)}>
          {t('revokeAll')}
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('revokeAllTitle')}
        confirmLabel={t('revokeAllConfirm')}
        isDanger
        isBusy={revokeAll.isPending}
        onConfirm={() => revokeAll.mutate()}
      >
        {t('revokeAllText')}
      </ConfirmDialog>
    </>
  );
}

/**
 * /password-changed: where a password reset ends. Signed in, it lists what still has access to the account
 * (a reset ends the sessions, not API keys, connected apps or webhooks) and revokes it all but this browser.
 */
export default function PasswordChangedPage() {
  const t = useMessages(settingsMessages);
  const session = useSession();
  if (session.isPending) return <FullScreenSpinner />;
  return (
    <Frame>
      <h1 className="text-2xl font-bold">{t('passwordChangedTitle')}</h1>
      {session.data ? (
        <AccessReview />
      ) : (
        <>
          <p className="mt-2 text-sm text-zinc-700">
            {t('signedOutEverywhere')}
          </p>
          <Link to={`/login?next=${encodeURIComponent('/password-changed')}`} className={buttonClass('primary', 'mt-6')}>
            {t('signIn')}
          </Link>
        </>
      )}
    </Frame>
  );
}
