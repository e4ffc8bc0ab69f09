// The auth feature's public entry: what other features may use. Everything else in this folder is its own.
export { authApi, describeAuthError, startGoogleSignIn } from './auth-api';
export { TwoFactorStep } from './two-factor-step';
export { describePasskeyError, passkeyApi } from './passkey-api';
