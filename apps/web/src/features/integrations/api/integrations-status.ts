import { queryOptions, useQuery } from '@tanstack/react-query';
import { integrationsStatus } from '@cardstack/shared/integrations/schemas';
import { api } from '../../../lib/api-client';
import { integrationsKeys } from './integrations-keys';

/** GET /api/integrations: whether Zapier is connected, and since when. */
export function getIntegrationsStatus() {
  return api.get('/api/integrations', integrationsStatus);
}

export const integrationsStatusQuery = () => queryOptions({ queryKey: integrationsKeys.status, queryFn: getIntegrationsStatus, retry: false });

export const useIntegrationsStatus = () => useQuery(integrationsStatusQuery());
