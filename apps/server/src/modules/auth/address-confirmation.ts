import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { AnyConnection } from '../../db/schema';
import { deleteOtherSessions, deleteSignInCredentials, hasPassword, markEmailConfirmed } from './auth-repository';
import { redirectPathOf } from './second-factor';

/*
 * Who may keep an account whose address was not confirmed when it was made. Anyone can sign up with an
 * address they do not own; its owner proves ownership by opening the link mailed to it. So:
 * - Confirming an address that has been unconfirmed since sign-up removes every way in made before it
 *   (sessions, password, Google, authenticator app, passkeys, API keys, app grants, webhooks): the
 *   registrant keeps nothing. The link signs the confirmer in and lands on "Choose a password".
 * - A password reset of such an account is the same proof: it removes the same, but the new password.
 * - The link that moves an account to a new address works only in a signed-in session of that account (the
 *   person who asked for the change), and ends every other session.
 */

export interface AddressConfirmationDeps {
  db: AnyConnection;
  /** Revokes the account's API keys, app grants and webhooks, inside the caller's transaction (integrations). */
  revokeAppAccess: (trx: AnyConnection, userId: string) => Promise<void>;
}

/** Where the confirmation link lands once the registrant's password is gone. */
export const choosePasswordPath = '/choose-password';

/** The login page's error code for an email-change link opened without the account's session. */
export const emailChangeNeedsSignInError = 'EMAIL_CHANGE_NEEDS_SIGN_IN';

interface VerificationClaims {
  email: string;
  userId?: string;
  /** Set on an email-change link: the address the account moves to. */
  updateTo?: string;
}

/** The claims of a mailed verification link (Better Auth signs them with the app's secret), or null when it does not verify. */
async function readVerificationClaims(token: unknown, secret: string): Promise<VerificationClaims | null> {
  if (typeof token !== 'string') return null;
  try {
    // jose is loaded with the first confirmation link opened, not at start (start-imports.test.ts).
    const { jwtVerify } = await import('jose');
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return typeof payload.email === 'string' ? (payload as unknown as VerificationClaims) : null;
  } catch {
    return null;
  }
}

/** Removes every way into an account made before its address was confirmed, in one transaction. */
export async function evictRegistrant(deps: AddressConfirmationDeps, userId: string, options: { keepPassword: boolean; confirm: boolean }): Promise<void> {
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await deleteSignInCredentials(trx, userId, options);
    await deps.revokeAppAccess(trx, userId);
    if (options.confirm) await markEmailConfirmed(trx, userId);
  });
}

function linkPathOf(request: Request | undefined): string {
  if (!request) return '/';
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function addressConfirmation(deps: AddressConfirmationDeps): BetterAuthPlugin {
  const isVerifyEmail = (context: { path?: string }) => context.path === '/verify-email';
  return {
    id: 'address-confirmation',
    hooks: {
      before: [
        {
          matcher: isVerifyEmail,
          handler: createAuthMiddleware(async (ctx) => {
            const claims = await readVerificationClaims(ctx.query?.token, ctx.context.secret);
            if (!claims?.updateTo) return;
            const session = await getSessionFromCtx(ctx);
            if (session?.user.id === claims.userId) return;
            throw ctx.redirect(`/login?error=${emailChangeNeedsSignInError}&next=${encodeURIComponent(linkPathOf(ctx.request))}`);
          }),
        },
      ],
      after: [
        {
          matcher: isVerifyEmail,
          handler: createAuthMiddleware(async (ctx) => {
            const claims = await readVerificationClaims(ctx.query?.token, ctx.context.secret);
            if (!claims) return;
            const current = ctx.context.session;
            if (claims.updateTo) {
              const user = current ? await ctx.context.internalAdapter.findUserById(current.user.id) : null;
              if (current && user?.email === claims.updateTo) await deleteOtherSessions(deps.db, current.user.id, current.session.id);
              return;
            }
            const created = ctx.context.newSession;
            if (!created || (await hasPassword(deps.db, created.user.id))) return;
            const next = redirectPathOf(ctx.context.returned) ?? '/';
            throw ctx.redirect(`${choosePasswordPath}?next=${encodeURIComponent(next)}`);
          }),
        },
      ],
    },
  };
}
