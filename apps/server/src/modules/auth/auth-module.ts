/*
 * The auth module's public entry: Better Auth (sign-up, sign-in, sessions) and "who is calling" for every other
 * module (`request.caller()`). Better Auth itself loads on first use (auth-loader.ts): export no value from
 * './auth' here, or the library would load with this entry at start.
 */
export type { Auth } from './auth';
export { createAuthLoader, isAuthApiError, webHeadersOf, type LoadAuth } from './auth-loader';
export { googleProviderId } from './google-provider';
export {
  deleteOtherSessions,
  deleteSessions,
  deleteUser,
  findAccountCreatedAt,
  findUserIdByEmail,
  listSignInMethods,
  lockUserRow,
  saveDisplayName,
  setPhotoUrl,
  turnOffSecondFactors,
} from './auth-repository';
export { registerAuthRoutes } from './auth-routes';
export { createPasswordAttempts, type PasswordAttempts } from './password-attempts';
export { listSessionSummaries, registerSessionRoutes } from './session-routes';
export { registerPasskeyRoutes } from './passkey-routes';
export {
  createCallerOfUser,
  registerCallerHook,
  requireVerifiedEmail,
  type Caller,
  type CallerOfUser,
  type TeamClaims,
  type TeamClaimsResolver,
} from './caller';
export { userView } from './user-view';
export type { AuthTables, UserTable } from './auth-tables';
