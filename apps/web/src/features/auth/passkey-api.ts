import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, ApiError } from '../../lib/api-client';

/*
 * The browser's side of passkeys: the server's options go to the platform's authenticator through
 * @simplewebauthn/browser (loaded when a passkey is used, not with the sign-in screen), and its answer back.
 */

const browserLibrary = () => import('@simplewebauthn/browser');

/** The platform's refusals (cancelled, timed out, no passkey for this site) as one message a person understands. */
export function describePasskeyError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'No passkey was used. Try again, or sign in another way.';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  return 'Passkeys do not work in this browser. Sign in another way.';
}

async function answerChallenge(optionsPath: string, answerPath: string): Promise<void> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(optionsPath, {});
  const { startAuthentication } = await browserLibrary();
  const response = await startAuthentication({ optionsJSON });
  await api.post(answerPath, { response });
}

export const passkeyApi = {
  isSupported: () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function',
  /** Signs in with a passkey alone (the device asks for its PIN or biometric). */
  signIn: () => answerChallenge('/api/auth/passkey/sign-in-options', '/api/auth/passkey/sign-in'),
  /** The second step of a sign-in, with a passkey instead of the authenticator app's code. */
  verifySecondFactor: () => answerChallenge('/api/auth/passkey/second-factor-options', '/api/auth/passkey/verify-second-factor'),
  /** Adds a passkey of this device to the signed-in account. */
  async add(input: { name: string; password?: string | undefined }): Promise<void> {
    const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(
      '/api/auth/passkey/registration-options',
      input.password === undefined ? {} : { password: input.password },
    );
    const { startRegistration } = await browserLibrary();
    const response = await startRegistration({ optionsJSON });
    await api.post('/api/auth/passkey/register', { name: input.name, response });
  },
};
