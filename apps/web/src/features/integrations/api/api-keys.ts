import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiKeyListResponse, createApiKeyResponse, type CreateApiKeyInput } from '@cardstack/shared/integrations/schemas';
import { api } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/mutation-ui';
import { integrationsKeys, integrationsUrl } from './integrations-keys';

/* GET and POST /api/integrations/api-keys: the personal API keys; a new key's token is in the answer once. */

export function listApiKeys() {
  return api.get(integrationsUrl('api-keys'), apiKeyListResponse);
}

export function createApiKey(input: CreateApiKeyInput) {
  return api.post(integrationsUrl('api-keys'), createApiKeyResponse, input);
}

export const apiKeysQuery = () => queryOptions({ queryKey: integrationsKeys.apiKeys, queryFn: listApiKeys });

export const useApiKeys = () => useQuery(apiKeysQuery());

export const refreshApiKeys = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys });

export const useCreateApiKey = () => useEndpointMutation(createApiKey, refreshApiKeys);
