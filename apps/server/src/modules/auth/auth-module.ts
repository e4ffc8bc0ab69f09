/*
 * The auth module's public entry: Better Auth (sign-up, sign-in, sessions) and "who is calling" for every other
 * module (`request.caller()`).
 */
export { createAuth, googleProviderId, passwordResetLinkMinutes, type Auth } from './auth';
export { registerAuthRoutes } from './auth-routes';
export { createPasswordAttempts, type PasswordAttempts } from './password-attempts';
export { registerSessionRoutes } from './session-routes';
export {
  createCallerOfUser,
  registerCallerHook,
  requireVerifiedEmail,
  type Caller,
  type CallerOfUser,
  type TeamClaims,
  type TeamClaimsResolver,
} from './caller';
