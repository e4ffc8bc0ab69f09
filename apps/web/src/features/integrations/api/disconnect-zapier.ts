import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { integrationsKeys, integrationsUrl } from './integrations-keys';

/** DELETE /api/integrations/zapier: Zapier's access ends and its webhooks go. */
export function disconnectZapier() {
  return api.delete(integrationsUrl('zapier'), okResponse);
}

export const useDisconnectZapier = (ui?: MutationUi) =>
  useEndpointMutation(() => disconnectZapier(), (queryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.status }), ui);
