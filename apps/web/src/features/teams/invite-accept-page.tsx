import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { displayNameField, loginInput, passwordField } from '@cardstack/shared/auth/schemas';
import type { InvitationPreview } from '@cardstack/shared/teams/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { richText } from '../../lib/i18n/rich-text';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { refreshSession, useSession } from '../../lib/session';
import { endSession } from '../../lib/sign-out';
import { signIn, signInWithGoogle, signUp, TwoFactorStep, useAuthErrors, usePublicConfig } from '../auth/public';
import { acceptInvitation } from './api/accept-invitation';
import { useInvitationPreview } from './api/preview-invitation';
import { teamMessages, type TeamTranslate } from './messages';

const registerForm = z.object({ name: displayNameField, password: passwordField });
/** The sign-in form's password rule (and its message) is the sign-in screen's. */
const signInForm = loginInput.pick({ password: true });

function messageOf(t: TeamTranslate, error: unknown): string {
  return error instanceof ApiError ? error.message : t('somethingWentWrong');
}

/**
 * /invite/{token}: the link of the invitation mail. A visitor creates an account or signs in (email and
 * password, or Google, which comes back here), then joins; the server checks the link and the email.
 */
export default function InviteAcceptPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const session = useSession();
  const t = useMessages(teamMessages);
  if (preview.isPending || session.isPending) return <FullScreenSpinner />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
      <p className="text-lg font-bold text-brand-700">Cards</p>
      {preview.isError ? (
        <Problem title={t('invitationNotChecked')} message={messageOf(t, preview.error)} />
      ) : preview.data.status !== 'valid' ? (
        <Problem title={t('invitationUnusable')} message={t(`invitationStatus.${preview.data.status}`)} />
      ) : (
        <Invitation token={token} invitation={preview.data} />
      )}
    </main>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  const t = useMessages(teamMessages);
  return (
    <AuthCard
      title={title}
      footer={
        <Link className="font-semibold text-brand-700 underline" to="/">
          {t('goToApp')}
        </Link>
      }
    >
      <FormAlert message={message} />
    </AuthCard>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const session = useSession();
  const t = useMessages(teamMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [isJoining, setIsJoining] = useState(false);
  const hasTriedAutomatically = useRef(false);
  const email = invitation.email ?? '';
  const teamName = invitation.teamOwnerName ? t('teamOf', { owner: invitation.teamOwnerName }) : null;
  const joinTitle = teamName ? t('joinTeam', { team: teamName }) : t('joinTheTeam');
  const user = session.data;
  const isInvitedUser = user !== null && user !== undefined && user.email.toLowerCase() === email;

  async function join() {
    setError(undefined);
    setIsJoining(true);
    try {
      await acceptInvitation(token);
      await refreshSession();
      notify.success(teamName ? t('welcomeToTeam', { team: teamName }) : t('welcomeToTheTeam'), 'auth');
      navigate('/', { replace: true });
    } catch (caught) {
      setError(messageOf(t, caught));
      setIsJoining(false);
    }
  }

  // Back from Google (or a sign-in elsewhere) with ?accept=1: join at once.
  useEffect(() => {
    if (isInvitedUser && params.get('accept') === '1' && !hasTriedAutomatically.current) {
      hasTriedAutomatically.current = true;
      void join();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isInvitedUser, params]);

  const intro = (
    <p className="mb-6 text-zinc-700">
      {richText(
        t('invitationIntro', {
          hasInviter: invitation.inviterName ? 'yes' : 'no',
          inviter: invitation.inviterName ?? '',
          email,
          hasTeam: teamName ? 'yes' : 'no',
          team: teamName ?? '',
          role: invitation.role ?? 'none',
        }),
        { email: (text) => <strong className="break-all">{text}</strong> },
      )}
    </p>
  );

  if (user) {
    if (!isInvitedUser) {
      return (
        <AuthCard
          title={joinTitle}
          footer={
            <Link className="font-semibold text-brand-700 underline" to="/">
              {t('goToApp')}
            </Link>
          }
        >
          {intro}
          <FormAlert message={t('signedInAsSomeoneElse', { email, signedInEmail: user.email })} />
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={() =>
              void endSession().then(() => refreshSession())
            }
          >
            {t('signOut')}
          </Button>
        </AuthCard>
      );
    }
    return (
      <AuthCard
        title={joinTitle}
        footer={
          <Link className="font-semibold text-brand-700 underline" to="/">
            {t('notNow')}
          </Link>
        }
      >
        {intro}
        <FormAlert message={error} />
        <Button className="mt-4 w-full" isLoading={isJoining} onClick={() => void join()}>
          {t('acceptInvitation')}
        </Button>
      </AuthCard>
    );
  }
  return <SignedOutInvitation token={token} invitation={invitation} title={joinTitle} intro={intro} onSignedIn={join} error={error} />;
}

function SignedOutInvitation({
  token,
  invitation,
  title,
  intro,
  onSignedIn,
  error,
}: {
  token: string;
  invitation: InvitationPreview;
  title: string;
  intro: ReactNode;
  onSignedIn: () => Promise<void>;
  error: string | undefined;
}) {
  const [mode, setMode] = useState<'register' | 'sign-in'>(invitation.hasAccount ? 'sign-in' : 'register');
  const t = useMessages(teamMessages);
  const switchLink = (
    <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setMode(mode === 'register' ? 'sign-in' : 'register')}>
      {mode === 'register' ? t('haveAccount') : t('createAccountInstead')}
    </button>
  );
  return (
    <AuthCard title={title} footer={switchLink}>
      {intro}
      <FormAlert message={error} />
      {mode === 'register' ? (
        <RegisterToJoin email={invitation.email ?? ''} onDone={onSignedIn} />
      ) : (
        <SignInToJoin email={invitation.email ?? ''} onDone={onSignedIn} />
      )}
      <InviteGoogleButton token={token} />
    </AuthCard>
  );
}

function RegisterToJoin({ email, onDone }: { email: string; onDone: () => Promise<void> }) {
  const describeAuthError = useAuthErrors();
  const t = useMessages(teamMessages);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<z.infer<typeof registerForm>>({ resolver: zodResolver(registerForm) });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await signUp({ ...values, email });
      await refreshSession();
      await onDone();
    } catch (caught) {
      const failure = describeAuthError(caught);
      if (failure.field === 'password') setError('password', { message: failure.message });
      else setFormError(failure.message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <FormAlert message={formError} />
        <InputField label={t('nameLabel')} autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
        <InputField label={t('emailLabel')} type="email" value={email} readOnly hint={t('invitedEmailHint')} />
        <InputField
          label={t('passwordLabel')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('passwordHint')}
          error={formState.errors.password?.message} {...register('password')} />
        <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
          {t('createAccountAndJoin')}
        </Button>
      </fieldset>
    </form>
  );
}

function SignInToJoin({ email, onDone }: { email: string; onDone: () => Promise<void> }) {
  const describeAuthError = useAuthErrors();
  const t = useMessages(teamMessages);
  const [formError, setFormError] = useState<string>();
  const [isSecondStep, setIsSecondStep] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<z.infer<typeof signInForm>>({ resolver: zodResolver(signInForm) });
  const finish = async () => {
    await refreshSession();
    await onDone();
  };
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const result = await signIn({ email, password: values.password });
      // Two-factor on: the code comes next, then the invitation is accepted.
      if (result?.twoFactorRedirect) {
        setIsSecondStep(true);
        return;
      }
      await finish();
    } catch (caught) {
      const failure = describeAuthError(caught);
      if (failure.field === 'password') setError('password', { message: failure.message });
      else setFormError(failure.message);
    }
  });
  if (isSecondStep) return <TwoFactorStep onSignedIn={finish} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <FormAlert message={formError} />
        <InputField label={t('emailLabel')} type="email" value={email} readOnly hint={t('invitedEmailHint')} />
        <InputField
          label={t('passwordLabel')}
          type="password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message} {...register('password')} />
        <Button type="submit" isLoading={formState.isSubmitting} className="w-full">
          {t('signInAndJoin')}
        </Button>
      </fieldset>
    </form>
  );
}

/** Google sign-in that comes back to this page (new accounts too, instead of onboarding) and joins there. */
function InviteGoogleButton({ token }: { token: string }) {
  const describeAuthError = useAuthErrors();
  const config = usePublicConfig();
  const t = useMessages(teamMessages);
  const [isStarting, setIsStarting] = useState(false);
  const [error, setError] = useState<string>();
  if (!config.data?.isGoogleEnabled) return null;
  const back = `/invite/${token}`;
  async function start() {
    setIsStarting(true);
    try {
      await signInWithGoogle({ callbackURL: `${back}?accept=1`, newUserCallbackURL: `${back}?accept=1`, errorCallbackURL: back });
    } catch (caught) {
      setIsStarting(false);
      setError(describeAuthError(caught).message);
    }
  }
  return (
    <>
      <div className="my-4 flex items-center gap-3 text-xs text-zinc-600" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200" />
        {t('or')}
        <span className="h-px flex-1 bg-zinc-200" />
      </div>
      <FormAlert message={error} />
      <Button variant="secondary" className="w-full" isLoading={isStarting} onClick={() => void start()}>
        {t('continueWithGoogle')}
      </Button>
      <p className="mt-2 text-center text-xs text-zinc-600">
        {t('googleAccountHint')}
      </p>
    </>
  );
}
