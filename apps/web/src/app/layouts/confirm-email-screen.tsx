import { useState } from 'react';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { signOut } from '../../lib/sign-out';
import { describeAuthError, sendVerificationEmail } from '../../features/auth/public';

/**
 * What an account sees while it must confirm its address first (sign-up on this service is limited to invited
 * people or listed organisations, so an unconfirmed address may not be its owner's): the way to confirm, and
 * nothing else. The server refuses every other request of such an account.
 */
export function ConfirmEmailScreen({ user }: { user: SessionUser }) {
  const [isSending, setIsSending] = useState(false);
  const [status, setStatus] = useState<{ kind: 'sent' | 'error'; message: string }>();
  const resend = async () => {
    setIsSending(true);
    setStatus(undefined);
    try {
      await sendVerificationEmail(user.email);
      setStatus({ kind: 'sent', message: 'We sent the link again. It works for 24 hours.' });
    } catch (error) {
      setStatus({ kind: 'error', message: describeAuthError(error).message });
    } finally {
      setIsSending(false);
    }
  };
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
      <p className="text-lg font-bold text-brand-700">Cards</p>
      <AuthCard
        title="Confirm your email address"
        footer={
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void signOut()}>
            Sign out
          </button>
        }
      >
        <p className="text-zinc-700">
          We sent a link to <strong className="break-all">{user.email}</strong>. Open it to start: on this service an account can do nothing else
          until its address is confirmed.
        </p>
        {status?.kind === 'sent' ? (
          <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            {status.message}
          </p>
        ) : (
          <FormAlert message={status?.message} />
        )}
        <Button variant="secondary" className="mt-4 w-full" isLoading={isSending} onClick={() => void resend()}>
          Send the link again
        </Button>
      </AuthCard>
    </main>
  );
}
