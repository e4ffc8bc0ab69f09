import { useState } from 'react';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { signOut } from '../../lib/sign-out';
import { sendVerificationEmail, useAuthErrors } from '../../features/auth/public';
import { layoutMessages } from './messages';

/**
 * What an account sees while it must confirm its address first (sign-up on this service is limited to invited
 * people or listed organisations, so an unconfirmed address may not be its owner's): the way to confirm, and
 * nothing else. The server refuses every other request of such an account.
 */
export function ConfirmEmailScreen({ user }: { user: SessionUser }) {
  const t = useMessages(layoutMessages);
  const describeAuthError = useAuthErrors();
  const [isSending, setIsSending] = useState(false);
  const [status, setStatus] = useState<{ kind: 'sent' } | { kind: 'error'; message: string }>();
  const resend = async () => {
    setIsSending(true);
    setStatus(undefined);
    try {
      await sendVerificationEmail(user.email);
      setStatus({ kind: 'sent' });
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
        title={t('confirmEmailTitle')}
        footer={
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        }
      >
        <p className="text-zinc-700">
          {richText(t('confirmEmailText', { email: user.email }), { email: (email) => <strong className="break-all">{email}</strong> })}
        </p>
        {status?.kind === 'sent' ? (
          <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            {t('linkSentAgain')}
          </p>
        ) : (
          <FormAlert message={status?.kind === 'error' ? status.message : undefined} />
        )}
        <Button variant="secondary" className="mt-4 w-full" isLoading={isSending} onClick={() => void resend()}>
          {t('sendLinkAgain')}
        </Button>
      </AuthCard>
    </main>
  );
}
