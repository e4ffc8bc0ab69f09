import { useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toAuthErrorCode } from '@cardstack/shared/auth/auth-errors';
import { loginInput, type LoginInput } from '@cardstack/shared/auth/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { refreshSession } from '../../lib/session';
import { signIn } from './api/sign-in';
import { authErrorMessage, useAuthErrors } from './describe-auth-error';
import { safeNextPath } from './sign-in-paths';
import { GoogleButton } from './google-button';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { TwoFactorStep } from './two-factor-step';
import { authMessages } from './messages';

/**
 * `isStatic`: rendered at build time (src/prerender/login.tsx) as the first paint of /login, which this screen
 * replaces once it is running: the form is disabled there (it cannot submit without the app), and the passkey
 * button is in it as on every browser the app supports, so the screen does not move when the app takes over.
 */
export function LoginPage({ isStatic = false }: { isStatic?: boolean }) {
  useLayoutEffect(removePrerenderedScreen, []);
  const t = useMessages(authMessages);
  const describeAuthError = useAuthErrors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  // Back from Google with an error code (a closed sign-up, a disabled account): the message is ours, never the URL's text.
  const returnedError = params.get('error');
  const [formError, setFormError] = useState<string | undefined>(returnedError ? authErrorMessage(toAuthErrorCode({ code: returnedError }), t) : undefined);
  // Back from Google or a mailed link into an account with two-factor on: the password (if any) is behind us.
  const [isSecondStep, setIsSecondStep] = useState(params.get('second-factor') === '1');
  const { register, handleSubmit, setError, formState } = useForm<LoginInput>({ resolver: zodResolver(loginInput) });
  // Links from before the reset page went on to /password-changed.
  const resetDone = params.get('reset') === 'done';

  const finishSignIn = async () => {
    await refreshSession();
    // A mailed link of the server's own (an email change) is opened as a page, not as a screen of the app.
    if (next.startsWith('/api/')) window.location.assign(next);
    else navigate(next, { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const result = await signIn(values);
      if (result?.twoFactorRedirect) {
        setIsSecondStep(true);
        return;
      }
      await finishSignIn();
    } catch (error) {
      const failure = describeAuthError(error);
      if (failure.field === 'email' || failure.field === 'password') setError(failure.field, { message: failure.message });
      else setFormError(failure.message);
    }
  });

  return (
    <AuthCard
      title={t('signInTitle')}
      footer={richText(t('newHere'), {
        register: (text) => (
          <Link className="font-semibold text-brand-700 underline" to={`/register${params.size ? `?${params}` : ''}`}>
            {text}
          </Link>
        ),
      })}
    >
      {isSecondStep ? (
        <TwoFactorStep onSignedIn={finishSignIn} />
      ) : (
        <>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={isStatic || formState.isSubmitting} className="flex flex-col gap-4">
              {resetDone ? (
                <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
                  {t('passwordChanged')}
                </p>
              ) : null}
              <FormAlert message={formError} />
              <InputField label={t('email')} type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
              <InputField label={t('password')} type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
              <Link className="self-end text-sm font-semibold text-brand-700 underline" to="/forgot-password">
                {t('forgotPassword')}
              </Link>
              <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
                {t('signIn')}
              </Button>
            </fieldset>
          </form>
          <PasskeySignInButton onSignedIn={finishSignIn} onError={setFormError} isStatic={isStatic} />
          <GoogleButton next={next} newUserNext={next.startsWith('/activate/') ? next : undefined} onError={setFormError} />
        </>
      )}
    </AuthCard>
  );
}

/**
 * The build-time copy of this screen (#prerendered, shown until the app's own screen has a heading: styles.css)
 * goes once this one is in the page: before the browser paints, so one form is there at any time.
 */
function removePrerenderedScreen() {
  document.getElementById('prerendered')?.remove();
}

export default LoginPage;
