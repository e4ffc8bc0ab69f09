import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { changeEmailInput, type ChangeEmailInput } from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { sessionQueryKey } from '../../../lib/session';
import { applyServerError } from '../apply-server-error';

/** A new sign-in email, confirmed with the current password (accounts from Google have none to give). */
export function EmailForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailInput), defaultValues: { newEmail: '', password: '' } });
  if (!user.hasPassword) {
    return <p className="text-sm text-zinc-700">Your email ({user.email}) comes from your Google account. Set a password below to manage it here.</p>;
  }
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api.post('/api/account/email', values);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      form.reset({ newEmail: '', password: '' });
      notify.success('Changes saved!');
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
