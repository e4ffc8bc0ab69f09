import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { integrationsUrl } from './integrations-keys';
import { refreshWebhooks } from './webhooks';

/** DELETE /api/integrations/webhooks/{id} */
export function deleteWebhook(hookId: string) {
  return api.delete(integrationsUrl('webhooks', hookId), okResponse);
}

export const useDeleteWebhook = (ui?: MutationUi) => useEndpointMutation(deleteWebhook, refreshWebhooks, ui);
