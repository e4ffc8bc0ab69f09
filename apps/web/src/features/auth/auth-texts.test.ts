import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authErrorCodes, authErrorMessages } from '@cardstack/shared/auth/auth-errors';
import { ApiError } from '../../lib/api-client';
import { describeAuthError } from './describe-auth-error';

/** The English catalog as written (an import would give the build's compiled form). */
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages/en.json'), 'utf8')) as Record<string, string>;

describe('the auth errors’ messages', () => {
  it('are, in English, the messages of packages/shared (one per code)', () => {
    const byCode = Object.fromEntries([...authErrorCodes, 'unknown' as const].map((code) => [code, english[`error.${code}`]]));
    expect(byCode).toEqual(Object.fromEntries(Object.entries(authErrorMessages).map(([code, { message }]) => [code, message])));
  });

  it('come from the catalog when a translate function is given, and keep their field', () => {
    const t = (id: string) => `[${id}]`;
    expect(describeAuthError(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'), t)).toEqual({
      field: 'password',
      message: '[error.wrong-password]',
    });
    expect(describeAuthError(new Error('boom'), t)).toEqual({ field: 'form', message: '[error.unknown]' });
    // The operator's own words (which policy, whom to ask) come from the server, in the request's language.
    expect(describeAuthError(new ApiError(403, 'SIGN_UP_CLOSED', 'Nur mit Einladung.'), t)).toEqual({ field: 'form', message: 'Nur mit Einladung.' });
  });
});
