// The auth feature's public entry: what other features may use. Everything else in this folder is its own.
export { signInWithGoogle, startGoogleSignIn } from './api/google-sign-in';
export { addPasskey } from './api/passkey-ceremonies';
export { usePublicConfig } from './api/public-config';
export { signUp } from './api/sign-up';
export { sendVerificationEmail } from './api/send-verification-email';
export { signIn } from './api/sign-in';
export { useAuthErrors } from './describe-auth-error';
export { isPasskeySupported, usePasskeyErrors } from './describe-passkey-error';
export { TwoFactorStep } from './two-factor-step';
export { verifyTotp } from './api/verify-totp';
