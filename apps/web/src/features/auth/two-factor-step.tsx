import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { backupCodeInput, totpCodeInput } from '@cardstack/shared/auth/schemas';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { verifySecondFactorWithPasskey } from './api/passkey-ceremonies';
import { verifyBackupCode } from './api/verify-backup-code';
import { verifyTotp } from './api/verify-totp';
import { isPasskeySupported, usePasskeyErrors } from './describe-passkey-error';
import { authMessages } from './messages';

interface CodeForm {
  code: string;
}

/** The sign-in's second step: the code from the authenticator app, or one of the backup codes. */
export function TwoFactorStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const t = useMessages(authMessages);
  const describePasskeyError = usePasskeyErrors();
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [formError, setFormError] = useState<string>();
  const schema = useBackupCode ? backupCodeInput.pick({ code: true }) : totpCodeInput.pick({ code: true });
  const { register, handleSubmit, setError, formState, reset } = useForm<CodeForm>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const [isUsingPasskey, setIsUsingPasskey] = useState(false);
  const finishWithPasskey = async () => {
    setFormError(undefined);
    setIsUsingPasskey(true);
    try {
      await verifySecondFactorWithPasskey();
      await onSignedIn();
    } catch (error) {
      setFormError(describePasskeyError(error));
      setIsUsingPasskey(false);
    }
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      await (useBackupCode ? verifyBackupCode({ code }) : verifyTotp({ code }));
      await onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setError('code', { message: t(useBackupCode ? 'backupCodeInvalid' : 'codeInvalid') });
      } else if (error instanceof ApiError && error.status === 429) {
        setFormError(t('tooManyCodeAttempts'));
      } else {
        setFormError(t(error instanceof ApiError && error.status !== 0 ? 'signInExpired' : 'error.unknown'));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="two-factor-title">
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t('twoFactorTitle')}
        </h2>
        <FormAlert message={formError} />
        {useBackupCode ? (
          <InputField key="backup" label={t('backupCode')} autoComplete="one-time-code" required error={formState.errors.code?.message} {...register('code')} />
        ) : (
          <InputField
            key="totp"
            label={t('authenticationCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            hint={t('authenticationCodeHint')}
            error={formState.errors.code?.message}
            {...register('code')}
          />
        )}
        <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
          {t('verify')}
        </Button>
        <button
          type="button"
          className="text-sm font-semibold text-brand-700 underline"
          onClick={() => {
            setUseBackupCode((current) => !current);
            reset({ code: '' });
          }}
        >
          {t(useBackupCode ? 'useAuthenticator' : 'useBackupCode')}
        </button>
        {isPasskeySupported() ? (
          <Button type="button" variant="secondary" className="w-full" isLoading={isUsingPasskey} onClick={() => void finishWithPasskey()}>
            {t('usePasskey')}
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}
