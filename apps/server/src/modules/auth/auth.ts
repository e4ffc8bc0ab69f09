import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../mail/mail-module';

export const googleProviderId = 'google';

interface AuthDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  secret: string;
  logger: Logger;
  /** Runs after every sign-in (a new session); the teams feature records members' last login. */
  onSessionCreated?: (userId: string) => Promise<void>;
}

/** Better Auth, mounted under /api/auth: email + password, Google (OpenID Connect) and sessions in cookies. */
export function createAuth({ db, dialect, config, secret, logger, onSessionCreated }: AuthDeps) {
  const google = config.google;
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
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    user: {
      additionalFields: {
        plan: { type: 'string', defaultValue: 'basic', input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [googleProviderId] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, freshAge: 60 * 5 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
        '/sign-up/email': { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
        '/change-password': { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
      },
    },
    // The Fastify bridge sets x-forwarded-for to the address Fastify trusts (see auth-routes.ts).
    advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] }, useSecureCookies: config.baseUrl.startsWith('https:') },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await onSessionCreated?.(session.userId);
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            // A brand-new customer has no card yet: welcome them with the two calls to action.
            await enqueueMail(db, { to: user.email, template: 'welcome', data: { displayName: user.name } });
          },
        },
      },
    },
    plugins: google
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
      : [],
  });
}
export type Auth = ReturnType<typeof createAuth>;
