import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FullScreenSpinner, Spinner } from '../../components/ui/spinner';
import { useAccountAccess, useRevokeAllAccess } from './api/account-access';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { deviceName, formatDate } from './components/sessions-panel';

const revokedMessage = 'All access was revoked. Only this browser is still signed in.';

function Frame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-zinc-50 p-4">
      <div className="w-full max-w-xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">{children}</div>
    </main>
  );
}

/** One group of the review: its title and lines, or "None". */
function AccessGroup({ title, lines }: { title: string; lines: { key: string; text: ReactNode }[] }) {
  const id = `access-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-700">None</p>
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
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRevoked, setIsRevoked] = useState(false);
  const access = useAccountAccess();
  const revokeAll = useRevokeAllAccess({
    onSuccess: () => {
      setIsConfirming(false);
      setIsRevoked(true);
      notify.success(revokedMessage);
    },
    onError: () => notify.alert('Something went wrong. Nothing was revoked; please try again.'),
  });

  if (access.isPending) return <Spinner className="mt-6 h-5 w-5" label="Loading what has access" />;
  if (access.isError) return <p className="mt-6 text-sm text-red-700">What has access could not be loaded. Reload the page to try again.</p>;
  const { apiKeys, apps, webhooks, sessions } = access.data;
  return (
    <>
      <p className="mt-2 text-sm text-zinc-700">
        A new password does not stop API keys, connected apps or webhooks. If you do not recognise something below, revoke it.
      </p>
      <AccessGroup
        title="API keys"
        lines={apiKeys.map((key) => ({
          key: key.id,
          text: `${key.name} (${key.prefix}…) — created ${formatDate(key.createdAt)}, ${key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : 'never used'}`,
        }))}
      />
      <AccessGroup title="Connected apps" lines={apps.map((app) => ({ key: app.id, text: `${app.name} — connected ${formatDate(app.connectedAt)}` }))} />
      <AccessGroup title="Webhooks" lines={webhooks.map((hook) => ({ key: hook.host, text: `${hook.host} — ${hook.events.join(', ')}` }))} />
      <AccessGroup
        title="Signed-in devices"
        lines={sessions.map((session) => ({
          key: session.id,
          text: `${deviceName(session.userAgent)}${session.isCurrent ? ' (this browser)' : ''} — last active ${formatDate(session.lastActiveAt)}`,
        }))}
      />
      {isRevoked ? (
        <p role="status" className="mt-5 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {revokedMessage}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <Link to="/settings" className={buttonClass('secondary')}>
          Go to Settings
        </Link>
        <Button variant="danger" onClick={() => setIsConfirming(true)}>
          Revoke all access except this browser
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Revoke all access except this browser?"
        confirmLabel="Revoke all access"
        isDanger
        isBusy={revokeAll.isPending}
        onConfirm={() => revokeAll.mutate()}
      >
        Every API key and connected app stops working at once, every webhook is deleted and every other device is signed out. This browser stays
        signed in.
      </ConfirmDialog>
    </>
  );
}

/**
 * /password-changed: where a password reset ends. Signed in, it lists what still has access to the account
 * (a reset ends the sessions, not API keys, connected apps or webhooks) and revokes it all but this browser.
 */
export default function PasswordChangedPage() {
  const session = useSession();
  if (session.isPending) return <FullScreenSpinner />;
  return (
    <Frame>
      <h1 className="text-2xl font-bold">Your password was changed.</h1>
      {session.data ? (
        <AccessReview />
      ) : (
        <>
          <p className="mt-2 text-sm text-zinc-700">
            Every device was signed out. Sign in with the new password to see what else still has access to your account: API keys, connected apps and
            webhooks keep working after a password change.
          </p>
          <Link to={`/login?next=${encodeURIComponent('/password-changed')}`} className={buttonClass('primary', 'mt-6')}>
            Sign in
          </Link>
        </>
      )}
    </Frame>
  );
}
