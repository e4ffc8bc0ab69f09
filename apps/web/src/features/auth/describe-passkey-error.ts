import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMessages, type Translate } from '../../lib/i18n/messages';
import { authMessages, type AuthMessageId } from './messages';

/** The platform's refusals (cancelled, timed out, no passkey for this site) as one message a person understands. */
export function describePasskeyError(error: unknown, t: Translate<AuthMessageId>): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return t('passkeyNotUsed');
  if (error instanceof Error && error.name === 'InvalidStateError') return t('passkeyAlreadyOnDevice');
  return t('passkeysUnsupported');
}

/** describePasskeyError in the app's language, for a component. */
export function usePasskeyErrors(): (error: unknown) => string {
  const t = useMessages(authMessages);
  return useCallback((error: unknown) => describePasskeyError(error, t), [t]);
}

export const isPasskeySupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
