import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailInput, type ChangeEmailInput } from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { useMessages } from '../../../lib/i18n/messages';
import { richText } from '../../../lib/i18n/rich-text';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { changeEmail } from '../api/change-email';
import { sendVerificationEmail, useAuthErrors } from '../../auth/public';
import { applyServerError } from '../apply-server-error';
import { settingsMessages } from '../messages';

/**
 * A new sign-in email, confirmed with the current password (accounts from Google have none to give). The new
 * address takes over once its owner opens the link mailed to it.
 */
export function EmailForm({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const [pendingEmail, setPendingEmail] = useState<string>();
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailInput), defaultValues: { newEmail: '', password: '' } });
  if (!user.hasPassword) {
    return <p className="text-sm text-zinc-700">{t('emailFromGoogle', { email: user.email })}</p>;
  }
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changeEmail(values);
      await refreshSession();
      form.reset({ newEmail: '', password: '' });
      setPendingEmail(values.newEmail.toLowerCase());
      notify.success(t('confirmNewAddress'));
    } catch (error) {
      applyServerError(error, ['newEmail', 'password'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <p className="text-sm text-zinc-700">
          {richText(t('currentEmail', { email: user.email }), { email: (email) => <strong>{email}</strong> })}
        </p>
        <VerificationStatus user={user} />
        {pendingEmail ? (
          <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
            {richText(t('newEmailPending', { newEmail: pendingEmail, email: user.email }), { email: (email) => <strong>{email}</strong> })}
          </p>
        ) : null}
        <InputField label={t('newEmail')} type="email" autoComplete="email" required error={form.formState.errors.newEmail?.message} {...form.register('newEmail')} />
        <InputField label={t('currentPassword')} type="password" autoComplete="current-password" required error={form.formState.errors.password?.message} {...form.register('password')} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('changeEmail')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** Unverified: the notice of what waits for the confirmation, and the link again on request. */
function VerificationStatus({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const describeAuthError = useAuthErrors();
  const [isSending, setIsSending] = useState(false);
  if (user.emailVerified) return null;
  const resend = async () => {
    setIsSending(true);
    try {
      await sendVerificationEmail(user.email);
      notify.success(t('linkSentAgain'));
    } catch (error) {
      notify.alert(describeAuthError(error).message);
    } finally {
      setIsSending(false);
    }
  };
  return (
    <div role="note" aria-label={t('emailNotConfirmed')} className="flex flex-col items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p>{t('emailNotConfirmedText')}</p>
      <Button variant="secondary" isLoading={isSending} onClick={() => void resend()}>
        {t('sendLinkAgain')}
      </Button>
    </div>
  );
}
