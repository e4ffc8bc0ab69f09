import type { z } from 'zod';
import type {
  apiKeyListResponse,
  createHookResponse,
  deliveryListResponse,
  hookListResponse,
  oauthDecisionResponse,
  CreateApiKeyInput,
  CreateApiKeyResponse,
  CreateHookInput,
  IntegrationsStatus,
  OAuthAuthorizeInfo,
  OAuthDecisionInput,
} from '@cardstack/shared/integrations/schemas';
import { api } from '../../lib/api-client';

export const integrationsKeys = {
  status: ['integrations', 'status'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  hooks: ['integrations', 'webhooks'] as const,
  deliveries: (hookId: string) => ['integrations', 'webhooks', hookId, 'deliveries'] as const,
};

export const integrationsApi = {
  status: () => api.get<IntegrationsStatus>('/api/integrations'),
  disconnectZapier: () => api.delete('/api/integrations/zapier'),
  apiKeys: () => api.get<z.infer<typeof apiKeyListResponse>>('/api/integrations/api-keys'),
  createApiKey: (input: CreateApiKeyInput) => api.post<CreateApiKeyResponse>('/api/integrations/api-keys', input),
  revokeApiKey: (id: string) => api.delete(`/api/integrations/api-keys/${encodeURIComponent(id)}`),
  hooks: () => api.get<z.infer<typeof hookListResponse>>('/api/integrations/webhooks'),
  createHook: (input: CreateHookInput) => api.post<z.infer<typeof createHookResponse>>('/api/integrations/webhooks', input),
  deleteHook: (id: string) => api.delete(`/api/integrations/webhooks/${encodeURIComponent(id)}`),
  deliveries: (id: string) => api.get<z.infer<typeof deliveryListResponse>>(`/api/integrations/webhooks/${encodeURIComponent(id)}/deliveries`),
  authorizeInfo: (search: string) => api.get<OAuthAuthorizeInfo>(`/api/oauth/authorize${search}`),
  decide: (input: OAuthDecisionInput) => api.post<z.infer<typeof oauthDecisionResponse>>('/api/oauth/authorize', input),
};
