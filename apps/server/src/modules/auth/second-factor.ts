import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';

/*
 * One rule for every way in: a new session for an account with two-factor sign-in on is not handed out until
 * the second factor is given. Better Auth's two-factor plugin holds the password sign-in back itself; this
 * holds back every other path that makes a session — the Google callback, the sign-in after a confirmation
 * link, and whatever a later plugin adds — the same way, so they all end in the plugin's own second step
 * (`/two-factor/verify-totp`, `/two-factor/verify-backup-code`, or a passkey).
 */

/** The routes that finish a sign-in with a second factor, or are one (a passkey is possession and a PIN or biometric). */
const completesSignIn = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp', '/passkey/sign-in', '/passkey/verify-second-factor']);

/** The two-factor plugin's pending sign-in: its cookie's name and how long it lasts (the plugin's defaults). */
export const twoFactorCookieName = 'two_factor';
const twoFactorCookieMaxAgeSeconds = 10 * 60;

/** Where a browser that came by a redirect (Google, a mailed link) gives its second factor, then goes on to `next`. */
export function secondFactorStepPath(next: string): string {
  return `/login?second-factor=1&next=${encodeURIComponent(next)}`;
}

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The address an endpoint answered with a redirect to, as a path of this site; null when it did not redirect. */
export function redirectPathOf(returned: unknown): string | null {
  if (!(returned instanceof Error) || !('headers' in returned) || !(returned.headers instanceof Headers)) return null;
  const location = returned.headers.get('location');
  if (!location) return null;
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * Turns the session just made into a pending sign-in, as the two-factor plugin does after a password: the
 * session is deleted, and a signed, short-lived cookie names a single-use challenge its verify routes accept.
 */
async function holdBackForSecondFactor(ctx: AfterHookContext, session: { token: string }, userId: string): Promise<void> {
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie(twoFactorCookieName, { maxAge: twoFactorCookieMaxAgeSeconds });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + twoFactorCookieMaxAgeSeconds * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

export function secondFactorOnEveryPath(): BetterAuthPlugin {
  return {
    id: 'second-factor-on-every-path',
    hooks: {
      after: [
        {
          matcher: (context) => !completesSignIn.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created) return;
            // A session renewed for the person already signed in (turning two-factor on, a password change).
            if (ctx.context.session?.user.id === created.user.id) return;
            const user = await ctx.context.internalAdapter.findUserById(created.user.id);
            if (!(user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled) return;
            await holdBackForSecondFactor(ctx, created.session, created.user.id);
            const next = redirectPathOf(ctx.context.returned);
            if (next !== null) throw ctx.redirect(secondFactorStepPath(next));
            return ctx.json({ twoFactorRedirect: true });
          }),
        },
      ],
    },
  };
}
