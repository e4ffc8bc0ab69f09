import type { ResetPasswordInput } from '@cardstack/shared/auth/schemas';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** POST /api/auth/reset-password: the token from the mail and the new password. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/api/auth/reset-password', unreadAnswer, input);
}
