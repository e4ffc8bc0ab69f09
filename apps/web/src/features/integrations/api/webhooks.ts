import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { createHookResponse, hookListResponse, type CreateHookInput } from '@cardstack/shared/integrations/schemas';
import { api } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/mutation-ui';
import { integrationsKeys, integrationsUrl } from './integrations-keys';

/* GET and POST /api/integrations/webhooks: the subscriptions; a new one's signing secret is in the answer once. */

export function listWebhooks() {
  return api.get(integrationsUrl('webhooks'), hookListResponse);
}

export function createWebhook(input: CreateHookInput) {
  return api.post(integrationsUrl('webhooks'), createHookResponse, input);
}

export const webhooksQuery = () => queryOptions({ queryKey: integrationsKeys.hooks, queryFn: listWebhooks });

export const useWebhooks = () => useQuery(webhooksQuery());

export const refreshWebhooks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.hooks });

export const useCreateWebhook = () => useEndpointMutation(createWebhook, refreshWebhooks);
