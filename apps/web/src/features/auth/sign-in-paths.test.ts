import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeAuthError } from './describe-auth-error';
import { googleReturnUrls, safeNextPath } from './sign-in-paths';

describe('googleReturnUrls', () => {
  it('sends a new Google user to /onboarding and a returning one to next', () => {
    expect(googleReturnUrls('', '/contacts')).toEqual({ callbackURL: '/contacts', newUserCallbackURL: '/onboarding' });
  });

  it('sends a new Google user activating a physical card back to the activation', () => {
    const back = '/activate/abc?activate=1';
    expect(googleReturnUrls('', back, back)).toEqual({ callbackURL: back, newUserCallbackURL: back });
  });

  it('sends everyone to /oauth when all four query values are present', () => {
    const search = '?client_id=zap&state=xyz&redirect_uri=https%3A%2F%2Fzapier.com%2Fcb&response_type=code';
    const { callbackURL, newUserCallbackURL } = googleReturnUrls(search);
    expect(callbackURL).toBe('/oauth?client_id=zap&state=xyz&redirect_uri=https%3A%2F%2Fzapier.com%2Fcb&response_type=code');
    expect(newUserCallbackURL).toBe(callbackURL);
  });

  it('sends a new user to /oauth too when the sign-in page was reached from /oauth (the values are in next)', () => {
    const next = '/oauth?client_id=zap&state=xyz&redirect_uri=https%3A%2F%2Fzapier.com%2Fcb&response_type=code&code_challenge=abc&code_challenge_method=S256';
    const { callbackURL, newUserCallbackURL } = googleReturnUrls(`?next=${encodeURIComponent(next)}`, next);
    expect(callbackURL).toBe(next);
    expect(newUserCallbackURL).toBe(next);
    expect(googleReturnUrls('', '/oauth?client_id=zap&state=xyz').newUserCallbackURL).toBe('/onboarding');
  });

  it.each(['?client_id=a&state=b&redirect_uri=c', '?client_id=a&state=&redirect_uri=c&response_type=code'])(
    'does not go to /oauth when a value is missing: %s',
    (search) => {
      expect(googleReturnUrls(search).newUserCallbackURL).toBe('/onboarding');
    },
  );
});

describe('safeNextPath', () => {
  it.each([
    [null, '/'],
    ['/settings', '/settings'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });
});

describe('describeAuthError', () => {
  it.each([
    ['a sign-up the registration policy refuses', new ApiError(403, 'SIGN_UP_CLOSED', 'Sign-up on this service needs an invitation.'), 'Sign-up on this service needs an invitation.'],
    ['a disabled account', new ApiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled.'), 'This account has been disabled.'],
    ['another code keeps its own message', new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'), 'The email or password is incorrect.'],
  ])('%s: the form says so', (_what, error, message) => {
    expect(describeAuthError(error)).toEqual({ field: expect.any(String), message });
  });
});
