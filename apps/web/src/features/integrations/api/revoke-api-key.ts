import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { integrationsUrl } from './integrations-keys';
import { refreshApiKeys } from './api-keys';

/** DELETE /api/integrations/api-keys/{id} */
export function revokeApiKey(keyId: string) {
  return api.delete(integrationsUrl('api-keys', keyId), okResponse);
}

export const useRevokeApiKey = (ui?: MutationUi) => useEndpointMutation(revokeApiKey, refreshApiKeys, ui);
