import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'react-router';
import { changePasswordInput, type ChangePasswordInput } from '@cardstack/shared/account/schemas';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField, NewPasswordFields } from '../../../components/ui/input-field';
import { ApiError } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { changePassword } from '../api/change-password';
import { startGoogleSignIn } from '../../auth/public';
import { applyServerError } from '../apply-server-error';
import { useValidationText } from '../../../lib/validation-messages';
import { settingsMessages } from '../messages';

/** Changing the password, or setting a first one after signing in with Google again. */
export function PasswordForm({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const words = useValidationText();
  const location = useLocation();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [needsGoogle, setNeedsGoogle] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    if (user.hasPassword && !values.currentPassword) {
      form.setError('currentPassword', { message: t('enterCurrentPassword') });
      return;
    }
    try {
      await changePassword(values);
      form.reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
      await refreshSession();
      notify.success(t('changesSaved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'requires-recent-login' && !user.hasPassword) setNeedsGoogle(true);
      applyServerError(error, ['currentPassword', 'newPassword', 'confirmPassword'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        {user.hasPassword ? (
          <InputField label={t('currentPassword')} type="password" autoComplete="current-password" required error={form.formState.errors.currentPassword?.message} {...form.register('currentPassword')} />
        ) : (
          <div className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700">
            <p>{t('passwordFromGoogle')}</p>
            {needsGoogle || form.formState.errors.currentPassword ? (
              <p className="mt-1 text-red-700">{words(form.formState.errors.currentPassword?.message)}</p>
            ) : null}
            <Button variant="secondary" className="mt-2" onClick={() => void startGoogleSignIn('', `${location.pathname}`, location.pathname)}>
              {t('reauthenticateWithGoogle')}
            </Button>
          </div>
        )}
        <NewPasswordFields register={form.register} errors={form.formState.errors} />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('changePassword')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
