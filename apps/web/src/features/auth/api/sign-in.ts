import { signInAnswer, type LoginInput } from '@cardstack/shared/auth/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/auth/sign-in/email. `twoFactorRedirect`: the password was right and the account asks for its second factor next. */
export function signIn(input: LoginInput) {
  return api.post('/api/auth/sign-in/email', signInAnswer, input);
}
