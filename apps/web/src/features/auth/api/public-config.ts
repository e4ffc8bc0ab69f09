import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfig } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** GET /api/public-config: which sign-in buttons and billing screens this server offers. It does not change while the page is open. */
export function getPublicConfig() {
  return api.get('/api/public-config', publicConfig);
}

export const publicConfigQuery = () => queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQuery());
