import type { SessionSummary } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages, type Translate } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { settingsMessages, type SettingsMessageId } from '../messages';

/**
 * A readable name for a device from its browser's user agent (no library: a rough guess is enough), in the
 * settings' language (`t`). Browser and system names are their makers' own.
 */
export function deviceName(userAgent: string | null, t: Translate<SettingsMessageId>): string {
  if (!userAgent) return t('unknownDevice');
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : t('someBrowser');
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Windows/.test(userAgent) ? 'Windows' : /Linux/.test(userAgent) ? 'Linux' : null;
  return system ? t('deviceName', { browser, system }) : t('deviceOnAnotherSystem', { browser });
}

/** Settings → General: where the account is signed in, and signing out of one device or all others. */
export function SessionsPanel() {
  const t = useMessages(settingsMessages);
  const format = useFormat();
  const sessions = useSessions();
  const failed = () => notify.alert(t('somethingWentWrong'));
  const revokeOne = useRevokeSession({ onSuccess: () => notify.success(t('signedOutOfDevice')), onError: failed });
  const revokeOthers = useRevokeOtherSessions({ onSuccess: () => notify.success(t('signedOutOfOthers')), onError: failed });

  if (sessions.isPending) return <Spinner className="h-5 w-5" label={t('loadingDevices')} />;
  if (sessions.isError) return <p className="text-sm text-red-700">{t('devicesNotLoaded')}</p>;
  const list = sessions.data.sessions;
  const hasOthers = list.some((session) => !session.isCurrent);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('devicesTitle')} className="divide-y divide-zinc-200">
        {list.map((session: SessionSummary) => {
          const device = deviceName(session.userAgent, t);
          const lastActive = format.dateTime(session.lastActiveAt);
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="text-sm">
                <p className="font-semibold">
                  {device}
                  {session.isCurrent ? <span className="ms-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t('thisDevice')}</span> : null}
                </p>
                <p className="text-zinc-700">
                  {session.ipAddress ? t('addressLastActive', { address: session.ipAddress, lastActive }) : t('lastActive', { lastActive })}
                </p>
              </div>
              {session.isCurrent ? null : (
                <Button
                  variant="secondary"
                  aria-label={t('signOutDevice', { device, lastActive })}
                  isLoading={revokeOne.isPending && revokeOne.variables === session.id}
                  onClick={() => revokeOne.mutate(session.id)}
                >
                  {t('signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {hasOthers ? (
        <div>
          <Button variant="secondary" isLoading={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
            {t('signOutOthers')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
