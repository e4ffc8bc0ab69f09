import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeyCreationOptions, passkeyRequestOptions } from '@cardstack/shared/auth/passkeys';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/*
 * The passkey endpoints come in pairs, options then answer, one ceremony each: the server's options go to the
 * platform's authenticator through @simplewebauthn/browser (loaded when a passkey is used, not with the sign-in
 * screen), and its answer goes back.
 */

const browserLibrary = () => import('@simplewebauthn/browser');

async function answerChallenge(optionsPath: string, answerPath: string): Promise<void> {
  // Checked for its challenge; the rest is the WebAuthn library's to read.
  const optionsJSON = (await api.post(optionsPath, passkeyRequestOptions)) as unknown as PublicKeyCredentialRequestOptionsJSON;
  const { startAuthentication } = await browserLibrary();
  const response = await startAuthentication({ optionsJSON });
  await api.post(answerPath, unreadAnswer, { response });
}

/** POST /api/auth/passkey/sign-in-options, then /sign-in: a passkey alone (the device asks for its PIN or biometric). */
export const signInWithPasskey = () => answerChallenge('/api/auth/passkey/sign-in-options', '/api/auth/passkey/sign-in');

/** POST /api/auth/passkey/second-factor-options, then /verify-second-factor: the second step of a sign-in. */
export const verifySecondFactorWithPasskey = () =>
  answerChallenge('/api/auth/passkey/second-factor-options', '/api/auth/passkey/verify-second-factor');

/** POST /api/auth/passkey/registration-options, then /register: adds a passkey of this device to the signed-in account. */
export async function addPasskey(input: { name: string; password?: string | undefined }): Promise<void> {
  const optionsJSON = (await api.post(
    '/api/auth/passkey/registration-options',
    passkeyCreationOptions,
    input.password === undefined ? {} : { password: input.password },
  )) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await browserLibrary();
  const response = await startRegistration({ optionsJSON });
  await api.post('/api/auth/passkey/register', unreadAnswer, { name: input.name, response });
}
