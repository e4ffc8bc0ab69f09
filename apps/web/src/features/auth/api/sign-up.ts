import type { RegisterInput } from '@cardstack/shared/auth/schemas';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { verifiedCallbackPath } from '../sign-in-paths';

/** POST /api/auth/sign-up/email: the confirmation mail's link returns to the app. */
export async function signUp(input: RegisterInput): Promise<void> {
  await api.post('/api/auth/sign-up/email', unreadAnswer, { ...input, callbackURL: verifiedCallbackPath });
}
