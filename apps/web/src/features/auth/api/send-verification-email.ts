import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { verifiedCallbackPath } from '../sign-in-paths';

/** POST /api/auth/send-verification-email: the confirmation mail again. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await api.post('/api/auth/send-verification-email', unreadAnswer, { email, callbackURL: verifiedCallbackPath });
}
