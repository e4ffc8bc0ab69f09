import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/invite/eyJpZCI6ImEifQabc', '/invite/[redacted]'],
    ['/invite/eyJpZCI6ImEifQabc/extra?x=1', '/invite/[redacted]/extra?x=1'],
    ['/api/auth/reset-password/abc123?callbackURL=/x', '/api/auth/reset-password/[redacted]?callbackURL=/x'],
    ['/api/auth/verify-email?token=abc&callbackURL=/', '/api/auth/verify-email?token=[redacted]&callbackURL=/'],
    ['/api/auth/callback/google?code=c&state=s', '/api/auth/callback/google?code=[redacted]&state=[redacted]'],
    ['/api/cards?page=2', '/api/cards?page=2'],
    ['/invite/', '/invite/'],
    ['/id/ada/', '/id/ada/'],
  ])('%s is logged as %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
