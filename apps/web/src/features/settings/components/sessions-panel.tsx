import type { SessionSummary } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';


/** A readable name for a device from its browser's user agent (no library: a rough guess is enough). */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Windows/.test(userAgent) ? 'Windows' : /Linux/.test(userAgent) ? 'Linux' : 'another system';
  return `${browser} on ${system}`;
}

export const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Settings → General: where the account is signed in, and signing out of one device or all others. */
export function SessionsPanel() {
  const sessions = useSessions();
  const failed = () => notify.alert('Something went wrong. Please try again.');
  const revokeOne = useRevokeSession({ onSuccess: () => notify.success('Signed out of that device.'), onError: failed });
  const revokeOthers = useRevokeOtherSessions({ onSuccess: () => notify.success('Signed out of every other device.'), onError: failed });

  if (sessions.isPending) return <Spinner className="h-5 w-5" label="Loading devices" />;
  if (sessions.isError) return <p className="text-sm text-red-700">The devices could not be loaded.</p>;
  const list = sessions.data.sessions;
  const hasOthers = list.some((session) => !session.isCurrent);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Signed-in devices" className="divide-y divide-zinc-200">
        {list.map((session: SessionSummary) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="text-sm">
              <p className="font-semibold">
                {deviceName(session.userAgent)}
                {session.isCurrent ? <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">This device</span> : null}
              </p>
              <p className="text-zinc-700">
                {session.ipAddress ? `${session.ipAddress} · ` : ''}last active {formatDate(session.lastActiveAt)}
              </p>
            </div>
            {session.isCurrent ? null : (
              <Button
                variant="secondary"
                aria-label={`Sign out ${deviceName(session.userAgent)}, last active ${formatDate(session.lastActiveAt)}`}
                isLoading={revokeOne.isPending && revokeOne.variables === session.id}
                onClick={() => revokeOne.mutate(session.id)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {hasOthers ? (
        <div>
          <Button variant="secondary" isLoading={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
            Sign out of all other devices
          </Button>
        </div>
      ) : null}
    </div>
  );
}
