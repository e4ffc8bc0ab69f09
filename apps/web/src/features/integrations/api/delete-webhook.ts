import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { integrationsUrl } from './integrations-keys';

/** DELETE /api/integrations/webhooks/{id} */
export function deleteWebhook(hookId: string) {
  return api.delete(integrationsUrl('webhooks', hookId), okResponse);
}
