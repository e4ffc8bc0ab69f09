import { z } from 'zod';
import { bothOrNeither, configPiece, documented, optionalString, wholeNumber } from '../../config-fields';

export const authConfig = configPiece({
  title: 'Sign-in',
  variables: {
    SIGN_IN_RATE_LIMIT_MAX: documented(wholeNumber(1, 10), {
      description: 'Password checks (sign-in, and in Settings: password and email change, account deletion, two-factor on/off) per client address and per account per window; also registrations, password resets and two-factor codes per address. Counted in the database, shared by every process.',
    }),
    SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: documented(wholeNumber(1, 60), { description: 'The sign-in limit\'s window, in seconds.' }),
    GOOGLE_CLIENT_ID: documented(optionalString, {
      description: 'With GOOGLE_CLIENT_SECRET (both or neither): "Continue with Google" (OpenID Connect). The redirect URI to register with Google is `$BASE_URL/api/auth/callback/google`.',
    }),
    GOOGLE_CLIENT_SECRET: documented(optionalString, { description: 'The Google OAuth client\'s secret.' }),
    GOOGLE_ISSUER: documented(z.string().url().default('https://accounts.google.com'), { description: 'The OpenID issuer (tests point it at a local mock provider).' }),
  },
  check(env, _core, ctx) {
    bothOrNeither(ctx, ['GOOGLE_CLIENT_ID', env.GOOGLE_CLIENT_ID], ['GOOGLE_CLIENT_SECRET', env.GOOGLE_CLIENT_SECRET], 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable Google sign-in, or neither');
  },
  build: (env) => ({
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : undefined,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT_MAX, windowSeconds: env.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS },
  }),
});
