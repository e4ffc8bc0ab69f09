import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n/messages';
import { signInWithPasskey } from './api/passkey-ceremonies';
import { isPasskeySupported, usePasskeyErrors } from './describe-passkey-error';
import { authMessages } from './messages';

/** "Continue with a passkey": no email or password, the device's PIN or biometric instead. */
export function PasskeySignInButton({ onSignedIn, onError, isStatic = false }: { onSignedIn: () => Promise<void>; onError: (message: string) => void; isStatic?: boolean }) {
  const t = useMessages(authMessages);
  const describePasskeyError = usePasskeyErrors();
  const [isBusy, setIsBusy] = useState(false);
  if (!isStatic && !isPasskeySupported()) return null;
  const start = async () => {
    setIsBusy(true);
    try {
      await signInWithPasskey();
      await onSignedIn();
    } catch (error) {
      onError(describePasskeyError(error));
      setIsBusy(false);
    }
  };
  return (
    // The build-time copy (`isStatic`) cannot sign in: disabled like its form, until the app's own screen replaces it.
    <Button variant="secondary" className="mt-4 w-full" isLoading={isBusy} disabled={isStatic} onClick={() => void start()}>
      {t('continueWithPasskey')}
    </Button>
  );
}
