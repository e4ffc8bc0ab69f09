import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { requestPasswordResetInput } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { requestPasswordReset } from './api/request-password-reset';
import { useAuthErrors } from './describe-auth-error';
import { authMessages } from './messages';

const emailOnly = requestPasswordResetInput.pick({ email: true });

/** /forgot-password: asks for the address and mails a reset link (the same answer whether an account exists). */
export function ForgotPasswordPage() {
  const t = useMessages(authMessages);
  const describeAuthError = useAuthErrors();
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
    <AuthCard
      title={t('forgotTitle')}
      footer={
        <Link className="font-semibold text-brand-700 underline" to="/login">
          {t('backToSignIn')}
        </Link>
      }
    >
      {sentTo ? (
        <p role="status" className="text-sm text-zinc-800">
          {richText(t('resetLinkSent', { email: sentTo }), { email: (email) => <strong>{email}</strong> })}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <p className="text-sm text-zinc-700">{t('forgotIntro')}</p>
            <FormAlert message={formError} />
            <InputField label={t('email')} type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
            <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
              {t('sendResetLink')}
            </Button>
          </fieldset>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
