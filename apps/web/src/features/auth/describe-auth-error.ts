import { useCallback } from 'react';
import { authErrorMessages, toAuthErrorCode, type AuthErrorCode, type AuthErrorField } from '@cardstack/shared/auth/auth-errors';
import { ApiError } from '../../lib/api-client';
import { useMessages, type Translate } from '../../lib/i18n/messages';
import { authMessages, type AuthMessageId } from './messages';

interface AuthFailure {
  field: AuthErrorField;
  message: string;
}

/** An auth error code's message: in the app's language with the auth catalog's `t`, else in English. */
export function authErrorMessage(code: AuthErrorCode, t?: Translate<AuthMessageId>): string {
  return t ? t(`error.${code}`) : authErrorMessages[code].message;
}

/**
 * Turns any failure of an auth call into its error code and the message for the right field: in the app's
 * language with the auth catalog's `t` (a screen takes this from useAuthErrors), in English without.
 */
export function describeAuthError(error: unknown, t?: Translate<AuthMessageId>): AuthFailure {
  let code: AuthErrorCode = 'unknown';
  if (error instanceof ApiError) {
    code = error.status === 0 ? toAuthErrorCode('network') : toAuthErrorCode({ status: error.status, code: error.code, message: error.message });
    // The operator's refusals come with our server's own words (which policy, whom to ask).
    if ((code === 'sign-up-closed' || code === 'user-disabled') && error.message) return { field: 'form', message: error.message };
  }
  return { field: authErrorMessages[code].field, message: authErrorMessage(code, t) };
}

/** describeAuthError in the app's language, for a component. */
export function useAuthErrors(): (error: unknown) => AuthFailure {
  const t = useMessages(authMessages);
  return useCallback((error: unknown) => describeAuthError(error, t), [t]);
}
