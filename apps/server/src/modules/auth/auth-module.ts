/*
 * The auth module's public entry: Better Auth (sign-up, sign-in, sessions) and "who is calling" for every other
 * module (`request.caller()`). Better Auth itself loads on first use (auth-loader.ts): export no value from
 * './auth' here, or the library would load with this entry at start.
 */
import type { AppModule } from '../module-contract';
import type { createAuth } from './auth';
import { createAuthLoader, type LoadAuth } from './auth-loader';
import { registerAuthRoutes } from './auth-routes';
import { createCallerOfUser, registerCallerHook, type CallerOfUser, type TeamClaimsResolver } from './caller';
import { registerPasskeyRoutes } from './passkey-routes';
import { createPasswordAttempts, type PasswordAttempts } from './password-attempts';
import { createPasswordFloodRefusal, type PasswordFloodRefusal } from './password-flood-refusal';
import { createHashingThreads } from './hashing-threads';
import { createPasswordPlaces } from './password-places';
import { registerSessionRoutes } from './session-routes';

export type { Auth } from './auth';
export { isAuthApiError, webHeadersOf, type LoadAuth } from './auth-loader';
export { googleProviderId } from './google-provider';
export {
  deleteOtherSessions,
  deleteSessions,
  deleteUser,
  findAccountCreatedAt,
  findPreferences,
  findPreferencesByEmail,
  findUserIdByEmail,
  listSignInMethods,
  lockUserRow,
  preferencesOf,
  saveDisplayName,
  savePreferences,
  setPhotoUrl,
  turnOffSecondFactors,
} from './auth-repository';
export type { PasswordAttempts } from './password-attempts';
export { listSessionSummaries } from './session-routes';
export { mayHaveSession } from './session';
export {
  requireVerifiedEmail,
  type Caller,
  type CallerOfUser,
  type TeamClaims,
  type TeamClaimsResolver,
} from './caller';
export { userView } from './user-view';
export type { AuthTables, UserTable } from './auth-tables';

type AuthDeps = Parameters<typeof createAuth>[0];

export interface AuthNeeds extends Omit<AuthDeps, 'signUpRefusal' | 'isAccountDisabled' | 'passwordPlaces' | 'hashingThreads'> {
  /** The operators' account policy: who may sign up, disabled accounts, whether addresses must be confirmed first. */
  accountPolicy: {
    signUpRefusal(email: string): Promise<string | null>;
    isAccountDisabled(userId: string): Promise<boolean>;
    isConfirmationRequired(): Promise<boolean>;
  };
  /** A caller's team (the teams module's claims), for sessions and API tokens alike. */
  resolveTeamClaims: TeamClaimsResolver;
  /** The database's outage in progress, if any (`DatabaseHandle.currentOutage`): see `AuthRouteDeps`. */
  databaseOutage?: () => Error | undefined;
}

export interface AuthModule extends AppModule {
  /** Better Auth, set up on first use (a sign-in, a session cookie, an API token's user): an idle server does not hold it. */
  loadAuth: LoadAuth;
  /** Every password check counts per address and per account (the sign-in budget). */
  passwordAttempts: PasswordAttempts;
  /** The caller a user id acts as (the public API's tokens resolve to the same caller a session does). */
  callerOfUser: CallerOfUser;
  /** Password checks refused before the framework while every place for a hash is taken (password-flood-refusal.ts). */
  passwordFloodRefusal: PasswordFloodRefusal;
}

export function createAuthModule(needs: AuthNeeds): AuthModule {
  const { accountPolicy, resolveTeamClaims, databaseOutage, ...authDeps } = needs;
  const passwordPlaces = createPasswordPlaces(needs.config.passwordHashes);
  const { inProgress, niceness } = needs.config.passwordHashes;
  const hashingThreads = createHashingThreads({ count: inProgress, niceness });
  const loadAuth = createAuthLoader({
    ...authDeps,
    passwordPlaces,
    hashingThreads,
    signUpRefusal: accountPolicy.signUpRefusal,
    isAccountDisabled: accountPolicy.isAccountDisabled,
  });
  const passwordAttempts = createPasswordAttempts(needs.rateLimiter, needs.config.signInRateLimit);
  const callerDeps = {
    loadAuth,
    resolveTeamClaims,
    isAccountDisabled: accountPolicy.isAccountDisabled,
    isConfirmationRequired: accountPolicy.isConfirmationRequired,
  };
  return {
    name: 'auth',
    loadAuth,
    passwordAttempts,
    callerOfUser: createCallerOfUser(callerDeps),
    passwordFloodRefusal: createPasswordFloodRefusal(passwordPlaces),
    close: () => hashingThreads.close(),
    routes(app) {
      registerCallerHook(app, callerDeps);
      registerAuthRoutes(app, {
        loadAuth,
        rateLimiter: needs.rateLimiter,
        passwordAttempts,
        passwordPlaces,
        ...(databaseOutage ? { databaseOutage } : {}),
        onTwoFactorDisabled: async (user) => {
          await needs.outbox.securityNotice(needs.db, user.email, { displayName: user.name, change: 'two-factor-disabled' });
        },
      });
      registerSessionRoutes(app, loadAuth);
      registerPasskeyRoutes(app, { db: needs.db, outbox: needs.outbox });
    },
  };
}
