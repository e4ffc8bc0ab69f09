import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerInput, type RegisterInput } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { refreshSession } from '../../lib/session';
import { signUp } from './api/sign-up';
import { describeAuthError } from './describe-auth-error';
import { safeNextPath } from './sign-in-paths';
import { GoogleButton } from './google-button';

export function RegisterPage() {
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
    <AuthCard title="Create your account" footer={<>Already have an account? <Link className="font-semibold text-brand-700 underline" to={`/login${params.size ? `?${params}` : ''}`}>Sign in</Link></>}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
          <FormAlert message={formError} />
          <InputField label="Name" autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <InputField label="Email" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
          <InputField label="Password" type="password" autoComplete="new-password" required hint="At least 8 characters." error={formState.errors.password?.message} {...register('password')} />
          <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
            Create account
          </Button>
        </fieldset>
      </form>
      <GoogleButton next={next} newUserNext={next === '/' ? undefined : next} onError={setFormError} />
    </AuthCard>
  );
}

export default RegisterPage;
