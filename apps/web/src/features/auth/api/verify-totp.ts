import type { TotpCodeInput } from '@cardstack/shared/auth/schemas';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** POST /api/auth/two-factor/verify-totp: the authenticator app's code, at sign-in or to finish turning it on. */
export async function verifyTotp(input: TotpCodeInput): Promise<void> {
  await api.post('/api/auth/two-factor/verify-totp', unreadAnswer, input);
}
