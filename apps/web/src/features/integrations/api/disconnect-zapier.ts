import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { integrationsUrl } from './integrations-keys';

/** DELETE /api/integrations/zapier: Zapier's access ends and its webhooks go. */
export function disconnectZapier() {
  return api.delete(integrationsUrl('zapier'), okResponse);
}
