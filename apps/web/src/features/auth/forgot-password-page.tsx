import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { requestPasswordResetInput } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { requestPasswordReset } from './api/request-password-reset';
import { describeAuthError } from './describe-auth-error';

const emailOnly = requestPasswordResetInput.pick({ email: true });

/** /forgot-password: asks for the address and mails a reset link (the same answer whether an account exists). */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver: zodResolver(emailOnly) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await requestPasswordReset(values);
      setSentTo(values.email);
    } catch (error) {
      setFormError(describeAuthError(error).message);
    }
  });

  return (
    <AuthCard title="Reset your password" footer={<Link className="font-semibold text-brand-700 underline" to="/login">Back to sign in</Link>}>
      {sentTo ? (
        <p role="status" className="text-sm text-zinc-800">
          If an account exists for <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link works once, for one hour.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <p className="text-sm text-zinc-700">Enter the email address of your account and we will send you a link to choose a new password.</p>
            <FormAlert message={formError} />
            <InputField label="Email" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
            <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
              Send reset link
            </Button>
          </fieldset>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
