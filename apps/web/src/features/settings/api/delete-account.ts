import { okResponse } from '@cardstack/shared/http/answers';
import type { DeleteAccountInput } from '@cardstack/shared/account/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/account/delete: the account and everything it owns go (the password first, when it has one). */
export function deleteAccount(input: DeleteAccountInput) {
  return api.post('/api/account/delete', okResponse, input);
}
