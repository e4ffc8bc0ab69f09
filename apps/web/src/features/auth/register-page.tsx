import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerInput, type RegisterInput } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { refreshSession } from '../../lib/session';
import { signUp } from './api/sign-up';
import { useAuthErrors } from './describe-auth-error';
import { safeNextPath } from './sign-in-paths';
import { GoogleButton } from './google-button';
import { authMessages } from './messages';

export function RegisterPage() {
  const t = useMessages(authMessages);
  const describeAuthError = useAuthErrors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [formError, setFormError] = useState<string>();
  // Where the new account continues (a physical card's activation); a first Google sign-in goes there too.
  const next = safeNextPath(params.get('next'));
  const { register, handleSubmit, setError, formState } = useForm<RegisterInput>({ resolver: zodResolver(registerInput) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await signUp(values);
      await refreshSession();
      navigate(next, { replace: true });
    } catch (error) {
      const failure = describeAuthError(error);
      if (failure.field === 'email' || failure.field === 'password') setError(failure.field, { message: failure.message });
      else setFormError(failure.message);
    }
  });

  return (
    <AuthCard
      title={t('registerTitle')}
      footer={richText(t('haveAccount'), {
        login: (text) => (
          <Link className="font-semibold text-brand-700 underline" to={`/login${params.size ? `?${params}` : ''}`}>
            {text}
          </Link>
        ),
      })}
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
          <FormAlert message={formError} />
          <InputField label={t('name')} autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <InputField label={t('email')} type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
          <InputField label={t('password')} type="password" autoComplete="new-password" required hint={t('passwordHint')} error={formState.errors.password?.message} {...register('password')} />
          <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
            {t('createAccount')}
          </Button>
        </fieldset>
      </form>
      <GoogleButton next={next} newUserNext={next === '/' ? undefined : next} onError={setFormError} />
    </AuthCard>
  );
}

export default RegisterPage;
