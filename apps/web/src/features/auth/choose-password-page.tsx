import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { changePasswordInput, type ChangePasswordInput } from '@cardstack/shared/account/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { NewPasswordFields } from '../../components/ui/input-field';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { changePassword } from '../settings/public';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { refreshSession, useSession } from '../../lib/session';
import { useAuthErrors } from './describe-auth-error';
import { authMessages } from './messages';
import { safeNextPath } from './sign-in-paths';

/**
 * /choose-password: where a confirmation link lands. Confirming an address removes the password given at
 * sign-up (whoever signed up may not have owned the address), so the person who opened the link chooses one.
 */
export function ChoosePasswordPage() {
  const t = useMessages(authMessages);
  const describeAuthError = useAuthErrors();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await changePassword({ newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      await refreshSession();
      navigate(next, { replace: true });
    } catch (error) {
      setFormError(describeAuthError(error).message);
    }
  });

  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) return <Navigate to="/login" replace />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
      <p className="text-lg font-bold text-brand-700">Cards</p>
      <AuthCard
        title={t('choosePasswordTitle')}
        footer={
          <Link className="font-semibold text-brand-700 underline" to={next} replace>
            {t('choosePasswordLater')}
          </Link>
        }
      >
        <p className="mb-4 text-sm text-zinc-700">
          {richText(t('emailConfirmed', { email: session.data.email }), { email: (email) => <strong className="break-all">{email}</strong> })}
        </p>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <FormAlert message={formError} />
            <NewPasswordFields register={register} errors={formState.errors} />
            <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
              {t('savePassword')}
            </Button>
          </fieldset>
        </form>
      </AuthCard>
    </main>
  );
}

export default ChoosePasswordPage;
