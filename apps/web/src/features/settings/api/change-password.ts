import type { ChangePasswordInput } from '@cardstack/shared/account/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** POST /api/account/password: changes it (with the current one) or sets the first one (without). */
export function changePassword(input: ChangePasswordInput) {
  return api.post('/api/account/password', okResponse, input);
}
