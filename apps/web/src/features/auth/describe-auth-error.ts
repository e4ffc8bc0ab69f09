import { authErrorMessages, toAuthErrorCode, type AuthErrorField } from '@cardstack/shared/auth/auth-errors';
import { ApiError } from '../../lib/api-client';

interface AuthFailure {
  field: AuthErrorField;
  message: string;
}

/** Turns any failure of an auth call into its error code and the message for the right field. */
export function describeAuthError(error: unknown): AuthFailure {
  if (error instanceof ApiError) {
    const code = error.status === 0 ? toAuthErrorCode('network') : toAuthErrorCode({ status: error.status, code: error.code, message: error.message });
    // The operator's refusals come with our server's own words (which policy, whom to ask).
    if ((code === 'sign-up-closed' || code === 'user-disabled') && error.message) return { field: 'form', message: error.message };
    return authErrorMessages[code];
  }
  return authErrorMessages.unknown;
}
