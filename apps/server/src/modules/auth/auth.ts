import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { negotiateLocale } from '@cardstack/shared/i18n/locales';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DialectName } from '../../db/database';
import type { MailOutbox } from '../mail/mail-module';
import type { RateLimiter } from '../rate-limit/rate-limit-module';
import type { AuthTables } from './auth-tables';
import { addressConfirmation, evictRegistrant, type AddressConfirmationDeps } from './address-confirmation';
import { adoptBrowserLanguage, countOtherSignInMethods, findUserContact } from './auth-repository';
import { googleProviderId } from './google-provider';
import { createPasswordHashing } from './password-hashing';
import type { HashingThreads } from './hashing-threads';
import type { PasswordPlaces } from './password-places';
import { passkeys } from './passkeys';
import { secondFactorOnEveryPath } from './second-factor';

interface AuthDeps {
  db: Kysely<AuthTables>;
  dialect: DialectName;
  config: Config;
  secret: string;
  logger: Logger;
  /** The confirmation, welcome and sign-in method mails. */
  outbox: MailOutbox;
  /** The app's one rate limiter: Better Auth counts its per-address limits there too. */
  rateLimiter: RateLimiter;
  /** The plan a new account starts on (the top plan when BILLING_PROVIDER=none). */
  initialPlan: string;
  /** Runs after every sign-in (a new session); the teams feature records members' last login. */
  onSessionCreated?: (userId: string) => Promise<void>;
  /** Whether a new account with this address may be made (the operator's registration policy): a refusal's message, else null. */
  signUpRefusal?: (email: string) => Promise<string | null>;
  /** A disabled account gets no new session (the operator console ends its existing ones). */
  isAccountDisabled?: (userId: string) => Promise<boolean>;
  /** What a confirmation takes from the registrant beyond the sign-in tables: API keys, app grants, webhooks. */
  revokeAppAccess: AddressConfirmationDeps['revokeAppAccess'];
  /** The server's places for password hashes (the auth routes refuse a flood with them before any work). */
  passwordPlaces: PasswordPlaces;
  /** Where the hashes are computed. */
  hashingThreads: HashingThreads;
  /** Runs after a password reset through a mailed link (its sessions are already ended): the owner is told what still has access. */
  onPasswordReset?: (user: { id: string; email: string; name: string }) => Promise<void>;
}

/** Better Auth, mounted under /api/auth: email + password, Google (OpenID Connect) and sessions in cookies. */
export function createAuth({
  db,
  dialect,
  config,
  secret,
  logger,
  outbox,
  rateLimiter,
  initialPlan,
  onSessionCreated,
  signUpRefusal,
  isAccountDisabled,
  revokeAppAccess,
  onPasswordReset,
  passwordPlaces,
  hashingThreads,
}: AuthDeps) {
  const google = config.google;
  const confirmation: AddressConfirmationDeps = { db, revokeAppAccess };
  const signInRule = { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max };
  // A link in a mail: the part below the site's address (the mail adds the address when it is rendered).
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  return betterAuth({
    appName: 'Cards',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.baseUrl],
    database: { db, type: dialect },
    logger: {
      log: (level, message) => {
        if (level === 'error') logger.error(message);
        else if (level === 'warn') logger.warn(message);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Unverified accounts may sign in; what they may not do (invitations, lead mails) is checked where it happens.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: passwordResetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's scrypt with a cap on hashes at once (password-hashing.ts).
      password: createPasswordHashing(passwordPlaces, hashingThreads),
      sendResetPassword: async ({ user, url }) => {
        await outbox.enqueue(db, {
          to: user.email,
          template: 'password-reset',
          data: { displayName: user.name, linkPath: pathOf(url), expiresInMinutes: passwordResetLinkMinutes },
        });
      },
      onPasswordReset: async ({ user }) => {
        // A reset proves the mailbox as a confirmation does: an account unconfirmed since sign-up keeps only the
        // new password. Then the owner is told what still has access.
        if (!user.emailVerified) await evictRegistrant(confirmation, user.id, { keepPassword: true, confirm: true });
        await onPasswordReset?.({ id: user.id, email: user.email, name: user.name });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      // Runs only for an address unconfirmed since sign-up (an email change keeps the account confirmed).
      beforeEmailVerification: async (user) => {
        await evictRegistrant(confirmation, user.id, { keepPassword: false, confirm: false });
      },
      sendVerificationEmail: async ({ user, url }) => {
        // On an email change Better Auth hands over the user with the new address.
        const isChange = await isEmailChange(db, user.id, user.email);
        await outbox.enqueue(db, { to: user.email, template: 'verify-email', data: { displayName: user.name, linkPath: pathOf(url), isChange } });
      },
    },
    // Tokens in the verification table (reset links, verification, two-factor challenges) are stored hashed.
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        plan: { type: 'string', defaultValue: initialPlan, input: false },
      },
      // The new address takes over only once its owner opens the link sent to it.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [googleProviderId] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, freshAge: 60 * 5 },
    // Per address, in the app's one limiter (the bridge adds the per-account limits, auth-routes.ts).
    // Better Auth's own `rateLimit` table is not made (migration 0104 dropped it).
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customStorage: {
        consume: async (key, rule) => {
          const decision = await rateLimiter.consume(`auth:${key}`, { max: rule.max, windowSeconds: rule.window });
          return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
        },
      },
      customRules: {
        // Password checks count in the bridge, per address and per account (password-attempts.ts).
        '/sign-in/email': false,
        '/sign-up/email': signInRule,
        '/reset-password': signInRule,
        '/request-password-reset': { window: 60 * 60, max: 10 },
        '/send-verification-email': { window: 60 * 60, max: 10 },
        '/two-factor/*': signInRule,
        '/passkey/*': signInRule,
      },
    },
    // The Fastify bridge sets x-forwarded-for to the address Fastify trusts (see auth-routes.ts).
    advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] }, useSecureCookies: config.baseUrl.startsWith('https:') },
    databaseHooks: {
      account: {
        create: {
          // Google linked to an account that already had another way in (not a first sign-up with Google): tell it.
          after: async (account) => {
            if (account.providerId !== googleProviderId || (await countOtherSignInMethods(db, account.userId, googleProviderId)) === 0) return;
            const user = await findUserContact(db, account.userId);
            if (user) await outbox.securityNotice(db, user.email, { displayName: user.name, change: 'sign-in-method-added', method: 'google' });
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            if (await isAccountDisabled?.(session.userId)) throw new APIError('FORBIDDEN', { message: disabledAccountMessage, code: 'ACCOUNT_DISABLED' });
          },
          after: async (session) => {
            await onSessionCreated?.(session.userId);
          },
        },
      },
      user: {
        create: {
          // Email sign-up and a first Google sign-in alike: the operator may close sign-up to outsiders.
          before: async (user) => {
            const refusal = await signUpRefusal?.(user.email);
            if (refusal) throw new APIError('FORBIDDEN', { message: refusal, code: 'SIGN_UP_CLOSED' });
          },
          after: async (user, context) => {
            // The account's language starts as the browser's that signed up (Settings → General changes it).
            const acceptLanguage = context?.headers?.get('accept-language') ?? context?.request?.headers.get('accept-language');
            if (acceptLanguage) await adoptBrowserLanguage(db, user.id, negotiateLocale(acceptLanguage));
            // A brand-new customer has no card yet: welcome them with the two calls to action.
            await outbox.enqueue(db, { to: user.email, template: 'welcome', data: { displayName: user.name } });
          },
        },
      },
    },
    plugins: [
      addressConfirmation(confirmation),
      twoFactor({
        issuer: 'Cards',
        // Five wrong codes lock the second factor of the account for 15 minutes, whatever the address.
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
      }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: googleProviderId,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
      passkeys({ db, baseUrl: config.baseUrl, outbox }),
      // Last: it sees the sessions every other plugin and route made.
      secondFactorOnEveryPath(),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;

export const disabledAccountMessage = 'This account has been disabled. Contact the operator of this service.';

/** How long a password-reset link works. */
export const passwordResetLinkMinutes = 60;

/** Whether `email` is not (yet) the account's address: the verification is for an email change. */
async function isEmailChange(db: Kysely<AuthTables>, userId: string, email: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row !== undefined && row.email !== email;
}
