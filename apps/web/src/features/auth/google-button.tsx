import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n/messages';
import { startGoogleSignIn } from './api/google-sign-in';
import { usePublicConfig } from './api/public-config';
import { useAuthErrors } from './describe-auth-error';
import { authMessages } from './messages';

/**
 * "Continue with Google", shown only when the server has Google sign-in configured. A new account goes to
 * onboarding unless `newUserNext` names where it continues (a physical card's activation).
 */
export function GoogleButton({ next, newUserNext, onError }: { next: string; newUserNext?: string | undefined; onError: (message: string) => void }) {
  const t = useMessages(authMessages);
  const describeAuthError = useAuthErrors();
  const location = useLocation();
  const config = usePublicConfig();
  const [isStarting, setIsStarting] = useState(false);
  if (!config.data?.isGoogleEnabled) return null;
  return (
    <>
      <div className="my-4 flex items-center gap-3 text-xs text-zinc-600" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200" />
        {t('or')}
        <span className="h-px flex-1 bg-zinc-200" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        isLoading={isStarting}
        onClick={() => {
          setIsStarting(true);
          startGoogleSignIn(location.search, next, '/login', newUserNext).catch((error: unknown) => {
            setIsStarting(false);
            onError(describeAuthError(error).message);
          });
        }}
      >
        {t('continueWithGoogle')}
      </Button>
    </>
  );
}
