import type { ChangeEmailInput } from '@cardstack/shared/account/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** POST /api/account/email: the new address gets a confirmation link; the old one stays until it is followed. */
export function changeEmail(input: ChangeEmailInput) {
  return api.post('/api/account/email', okResponse, input);
}
