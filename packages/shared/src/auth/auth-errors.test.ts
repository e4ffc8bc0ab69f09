import { describe, expect, it } from 'vitest';
import { authErrorCodes, authErrorMessages, toAuthErrorCode } from './auth-errors';

describe('toAuthErrorCode', () => {
  it.each([
    [{ status: 422, code: 'USER_ALREADY_EXISTS' }, 'email-already-in-use'],
    [{ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }, 'wrong-password'],
    [{ status: 400, code: 'INVALID_EMAIL' }, 'invalid-email'],
    [{ status: 400, code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' }, 'invalid-email'],
    [{ status: 429, code: undefined }, 'too-many-requests'],
    [{ status: 403, code: 'REQUIRES_RECENT_LOGIN' }, 'requires-recent-login'],
    [{ status: 403, code: 'BANNED_USER' }, 'user-disabled'],
    // The operator console: a disabled account, a sign-up the registration policy refuses.
    [{ status: 403, code: 'ACCOUNT_DISABLED' }, 'user-disabled'],
    [{ status: 403, code: 'SIGN_UP_CLOSED' }, 'sign-up-closed'],
    [{ status: 404, code: 'USER_NOT_FOUND' }, 'user-not-found'],
    // Codes that come back in the sign-in page's address: a mailed link, the Google callback.
    [{ code: 'EMAIL_CHANGE_NEEDS_SIGN_IN' }, 'email-change-needs-sign-in'],
    [{ code: 'account_not_linked' }, 'account-not-confirmed'],
    [{ status: 500, code: 'WHATEVER' }, 'unknown'],
  ] as const)('%o becomes %s', (input, expected) => {
    expect(toAuthErrorCode(input)).toBe(expected);
  });

  it('maps a failed fetch to network-request-failed', () => {
    expect(toAuthErrorCode('network')).toBe('network-request-failed');
  });

  it('has a message and a field for every hosted-auth error code', () => {
    for (const code of authErrorCodes) {
      expect(authErrorMessages[code].message.length).toBeGreaterThan(10);
    }
    expect(authErrorMessages['email-already-in-use'].field).toBe('email');
    expect(authErrorMessages['wrong-password'].field).toBe('password');
  });
});
