import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { changePasswordInput, type ChangePasswordInput } from '@cardstack/shared/account/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { NewPasswordFields } from '../../components/ui/input-field';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { resetPassword } from './api/reset-password';
import { useAuthErrors } from './describe-auth-error';
import { authMessages } from './messages';

/** /reset-password?token=…: where the mailed link lands; a new password ends every session, then /password-changed shows what else has access. */
export function ResetPasswordPage() {
  const t = useMessages(authMessages);
  const describeAuthError = useAuthErrors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [isExpired, setIsExpired] = useState(Boolean(params.get('error')) || !token);
  const [formError, setFormError] = useState<string>();
  // The settings' password change without the current password (the mailed link stands for it): the same checks and messages.
  const { register, handleSubmit, formState } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput) });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setFormError(undefined);
    setIsExpired(false);
    try {
      await resetPassword({ token, newPassword: values.newPassword });
      navigate('/password-changed', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.code === 'INVALID_TOKEN') setIsExpired(true);
      else setFormError(describeAuthError(error).message);
    }
  });

  return (
    <AuthCard
      title={t('resetTitle')}
      footer={
        <Link className="font-semibold text-brand-700 underline" to="/forgot-password">
          {t('askForNewLink')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={formState.isSubmitting || !token} className="flex flex-col gap-4">
          <FormAlert message={isExpired ? t('expiredLink') : formError} />
          <NewPasswordFields register={register} errors={formState.errors} />
          <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
            {t('saveNewPassword')}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}

export default ResetPasswordPage;
