import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordField } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { NewPasswordFields } from '../../components/ui/input-field';
import { ApiError } from '../../lib/api-client';
import { resetPassword } from './api/reset-password';
import { describeAuthError } from './describe-auth-error';

const newPasswordForm = z
  .object({ newPassword: passwordField, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

const expiredLink = 'This link has expired or was already used. Ask for a new one.';

/** /reset-password?token=…: where the mailed link lands; a new password ends every session, then /password-changed shows what else has access. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [formError, setFormError] = useState<string | undefined>(params.get('error') || !token ? expiredLink : undefined);
  const { register, handleSubmit, formState } = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordForm) });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setFormError(undefined);
    try {
      await resetPassword({ token, newPassword: values.newPassword });
      navigate('/password-changed', { replace: true });
    } catch (error) {
      setFormError(error instanceof ApiError && error.status === 400 && error.code === 'INVALID_TOKEN' ? expiredLink : describeAuthError(error).message);
    }
  });

  return (
    <AuthCard title="Choose a new password" footer={<Link className="font-semibold text-brand-700 underline" to="/forgot-password">Ask for a new link</Link>}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={formState.isSubmitting || !token} className="flex flex-col gap-4">
          <FormAlert message={formError} />
          <NewPasswordFields register={register} errors={formState.errors} />
          <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
            Save new password
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}

export default ResetPasswordPage;
