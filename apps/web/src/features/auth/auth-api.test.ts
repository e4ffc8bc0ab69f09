import { describe, expect, it } from 'vitest';
import { googleReturnUrls, safeNextPath } from './auth-api';

describe('googleReturnUrls', () => {
  it('sends a new Google user to /onboarding and a returning one to next', () => {
    expect(googleReturnUrls('', '/contacts')).toEqual({ callbackURL: '/contacts', newUserCallbackURL: '/onboarding' });
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
