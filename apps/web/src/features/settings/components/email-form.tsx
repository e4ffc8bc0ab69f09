import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailInput, type ChangeEmailInput } from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { changeEmail } from '../api/change-email';
import { describeAuthError, sendVerificationEmail } from '../../auth/public';
import { applyServerError } from '../apply-server-error';

/**
 * A new sign-in email, confirmed with the current password (accounts from Google have none to give). The new
 * address takes over once its owner opens the link mailed to it.
 */
export function EmailForm({ user }: { user: SessionUser }) {
  const [pendingEmail, setPendingEmail] = useState<string>();
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailInput), defaultValues: { newEmail: '', password: '' } });
  if (!user.hasPassword) {
    return <p className="text-sm text-zinc-700">Your email ({user.email}) comes from your Google account. Set a password below to manage it here.</p>;
  }
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changeEmail(values);
      await refreshSession();
      form.reset({ newEmail: '', password: '' });
      setPendingEmail(values.newEmail.toLowerCase());
      notify.success('Check your inbox to confirm the new address.');
    } catch (error) {
      applyServerError(error, ['newEmail', 'password'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <p className="text-sm text-zinc-700">
          Current email: <strong>{user.email}</strong>
        </p>
        <VerificationStatus user={user} />
        {pendingEmail ? (
          <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
            We sent a link to <strong>{pendingEmail}</strong>. Your sign-in email changes when you open it; until then it stays {user.email}.
          </p>
        ) : null}
        <InputField label="New email" type="email" autoComplete="email" required error={form.formState.errors.newEmail?.message} {...form.register('newEmail')} />
        <InputField label="Current password" type="password" autoComplete="current-password" required error={form.formState.errors.password?.message} {...form.register('password')} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Change email
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** Unverified: the notice of what waits for the confirmation, and the link again on request. */
function VerificationStatus({ user }: { user: SessionUser }) {
  const [isSending, setIsSending] = useState(false);
  if (user.emailVerified) return null;
  const resend = async () => {
    setIsSending(true);
    try {
      await sendVerificationEmail(user.email);
      notify.success('We sent the link again.');
    } catch (error) {
      notify.alert(describeAuthError(error).message);
    } finally {
      setIsSending(false);
    }
  };
  return (
    <div role="note" aria-label="Email not confirmed" className="flex flex-col items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        Your email address is not confirmed yet. Until you open the link we sent to it, we send no team invitations and no lead notifications on
        your behalf.
      </p>
      <Button variant="secondary" isLoading={isSending} onClick={() => void resend()}>
        Send the link again
      </Button>
    </div>
  );
}
