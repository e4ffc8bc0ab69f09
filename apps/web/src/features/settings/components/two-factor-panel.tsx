import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { totpCodeInput, twoFactorPasswordInput, type SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { ApiError } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n/messages';
import { richText } from '../../../lib/i18n/rich-text';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { verifyTotp } from '../../auth/public';
import { disableTwoFactor, enableTwoFactor } from '../api/two-factor';
import { applyServerError } from '../apply-server-error';
import { settingsMessages } from '../messages';

interface Setup {
  totpURI: string;
  secret: string;
  qrSvg: string;
  backupCodes: string[];
}

/** The QR code of the authenticator link; the library loads only when someone turns two-factor sign-in on. */
async function qrSvgOf(uri: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

/**
 * Settings → General, two-factor sign-in: on with the password, then a code from the app proves the secret
 * was saved (the backup codes are shown once); off with the password.
 */
export function TwoFactorPanel({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const [setup, setSetup] = useState<Setup>();
  const passwordForm = useForm<{ password: string }>({ resolver: zodResolver(twoFactorPasswordInput), defaultValues: { password: '' } });
  const codeForm = useForm<{ code: string }>({ resolver: zodResolver(totpCodeInput.pick({ code: true })), defaultValues: { code: '' } });

  if (!user.hasPassword) {
    return <p className="text-sm text-zinc-700">{t('setPasswordFirst')}</p>;
  }

  const onPassword = passwordForm.handleSubmit(async ({ password }) => {
    try {
      if (user.twoFactorEnabled) {
        await disableTwoFactor(password);
        await refreshSession();
        notify.success(t('twoFactorTurnedOff'));
      } else {
        const result = await enableTwoFactor(password);
        const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
        setSetup({ ...result, secret, qrSvg: await qrSvgOf(result.totpURI) });
      }
      passwordForm.reset({ password: '' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') passwordForm.setError('password', { message: t('passwordIncorrect') });
      else applyServerError(error, ['password'] as const, passwordForm.setError);
    }
  });

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    try {
      await verifyTotp({ code });
      await refreshSession();
      setSetup(undefined);
      codeForm.reset({ code: '' });
      notify.success(t('twoFactorTurnedOn'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) codeForm.setError('code', { message: t('codeInvalid') });
      else applyServerError(error, ['code'] as const, codeForm.setError);
    }
  });

  if (setup) {
    return (
      <div className="flex max-w-xl flex-col gap-4">
        <p className="text-sm text-zinc-700">{t('scanCode')}</p>
        <div className="h-48 w-48" role="img" aria-label={t('qrCodeLabel')} dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
        <p className="text-sm">
          {richText(t('setupKey', { key: setup.secret }), {
            key: (key) => <code className="break-all rounded bg-zinc-100 px-1 font-mono">{key}</code>,
          })}
        </p>
        <div role="region" aria-label={t('backupCodes')} className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">{t('backupCodes')}</p>
          <p>{t('backupCodesText')}</p>
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
            {setup.backupCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
        <form onSubmit={onCode} noValidate>
          <fieldset disabled={codeForm.formState.isSubmitting} className="flex flex-col gap-4">
            <InputField label={t('authenticationCode')} inputMode="numeric" autoComplete="one-time-code" required error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
            <div className="flex gap-2">
              <Button type="submit" isLoading={codeForm.formState.isSubmitting}>
                {t('turnOn')}
              </Button>
              <Button variant="ghost" onClick={() => setSetup(undefined)}>
                {t('cancel')}
              </Button>
            </div>
          </fieldset>
        </form>
      </div>
    );
  }

  return (
    <form onSubmit={onPassword} noValidate>
      <fieldset disabled={passwordForm.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <p className="text-sm text-zinc-700">
          {t(user.twoFactorEnabled ? 'twoFactorStateOn' : 'twoFactorStateOff')}
        </p>
        <InputField
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          error={passwordForm.formState.errors.password?.message}
          {...passwordForm.register('password')}
        />
        <div>
          <Button type="submit" variant={user.twoFactorEnabled ? 'danger' : 'primary'} isLoading={passwordForm.formState.isSubmitting}>
            {t(user.twoFactorEnabled ? 'turnOffTwoFactor' : 'setUpTwoFactor')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
