import { twoFactorEnableAnswer } from '@cardstack/shared/auth/schemas';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/*
 * POST /api/auth/two-factor/enable and /disable, each with the password. Turning it on answers the authenticator
 * link and the backup codes; it is on once a code from the app is verified (auth's verifyTotp).
 */

export function enableTwoFactor(password: string) {
  return api.post('/api/auth/two-factor/enable', twoFactorEnableAnswer, { password });
}

export async function disableTwoFactor(password: string): Promise<void> {
  await api.post('/api/auth/two-factor/disable', unreadAnswer, { password });
}
