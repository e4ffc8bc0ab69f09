import { ApiError } from '../../lib/api-client';

/** The platform's refusals (cancelled, timed out, no passkey for this site) as one message a person understands. */
export function describePasskeyError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'No passkey was used. Try again, or sign in another way.';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  return 'Passkeys do not work in this browser. Sign in another way.';
}

export const isPasskeySupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
