/**
 * The hosted-auth error codes the product knows, and the clear message and form field for each.
 * Our server speaks Better Auth's codes; `toAuthErrorCode` translates them to these.
 */
export const authErrorCodes = [
  'email-already-in-use',
  'wrong-password',
  'user-not-found',
  'invalid-email',
  'too-many-requests',
  'requires-recent-login',
  'user-disabled',
  'network-request-failed',
  'sign-up-closed',
  'email-change-needs-sign-in',
  'account-not-confirmed',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number] | 'unknown';

export type AuthErrorField = 'email' | 'password' | 'currentPassword' | 'form';

export const authErrorMessages: Record<AuthErrorCode, { field: AuthErrorField; message: string }> = {
  'email-already-in-use': { field: 'email', message: 'An account with this email already exists. Sign in instead.' },
  // Better Auth answers one code for an unknown email and a wrong password, so nobody can probe which
  // emails have accounts; the message names both.
  'wrong-password': { field: 'password', message: 'The email or password is incorrect.' },
  'user-not-found': { field: 'email', message: 'There is no account with this email.' },
  'invalid-email': { field: 'email', message: 'Enter a valid email address.' },
  'too-many-requests': { field: 'form', message: 'Too many attempts. Wait a minute and try again.' },
  'requires-recent-login': {
    field: 'currentPassword',
    message: 'For your security, sign in again before making this change.',
  },
  'user-disabled': { field: 'form', message: 'This account has been disabled. Contact support.' },
  'network-request-failed': { field: 'form', message: 'Could not reach the server. Check your connection and try again.' },
  // The operator's registration policy (invitation only, or listed email domains) refused a new account.
  'sign-up-closed': { field: 'form', message: 'Sign-up on this service is limited. Ask your team administrator for an invitation, or use your organisation’s address.' },
  // An email-change link opened without the session of the account that asked for the change.
  'email-change-needs-sign-in': { field: 'form', message: 'Sign in to confirm your new email address: the link works only for the account that asked for the change.' },
  // Google sign-in into an account whose address was never confirmed: the account may be someone else's claim.
  'account-not-confirmed': {
    field: 'form',
    message: 'An account with this email exists, but its address was never confirmed. Open the confirmation link mailed to it, or use “Forgot password?”.',
  },
  unknown: { field: 'form', message: 'Something went wrong. Please try again.' },
};

const betterAuthCodeMap: Record<string, AuthErrorCode> = {
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  INVALID_EMAIL_OR_PASSWORD: 'wrong-password',
  INVALID_PASSWORD: 'wrong-password',
  USER_NOT_FOUND: 'user-not-found',
  INVALID_EMAIL: 'invalid-email',
  TOO_MANY_REQUESTS: 'too-many-requests',
  SESSION_EXPIRED: 'requires-recent-login',
  REQUIRES_RECENT_LOGIN: 'requires-recent-login',
  BANNED_USER: 'user-disabled',
  USER_DISABLED: 'user-disabled',
  ACCOUNT_DISABLED: 'user-disabled',
  SIGN_UP_CLOSED: 'sign-up-closed',
  EMAIL_CHANGE_NEEDS_SIGN_IN: 'email-change-needs-sign-in',
  account_not_linked: 'account-not-confirmed',
};

export function toAuthErrorCode(
  input: { status?: number; code?: string | undefined; message?: string | undefined } | 'network',
): AuthErrorCode {
  if (input === 'network') return 'network-request-failed';
  if (input.status === 429) return 'too-many-requests';
  // Better Auth's own input check ("[body.email] Invalid email address").
  if (input.code === 'VALIDATION_ERROR' && /email/i.test(input.message ?? '')) return 'invalid-email';
  if (input.code && betterAuthCodeMap[input.code]) return betterAuthCodeMap[input.code]!;
  return 'unknown';
}
