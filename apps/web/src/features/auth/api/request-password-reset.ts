import type { RequestPasswordResetInput } from '@cardstack/shared/auth/schemas';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** POST /api/auth/request-password-reset: the mail's link opens /reset-password. */
export async function requestPasswordReset(input: Pick<RequestPasswordResetInput, 'email'>): Promise<void> {
  await api.post('/api/auth/request-password-reset', unreadAnswer, { email: input.email, redirectTo: '/reset-password' });
}
