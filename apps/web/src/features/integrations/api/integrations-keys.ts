export const integrationsKeys = {
  status: ['integrations', 'status'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  hooks: ['integrations', 'webhooks'] as const,
  deliveries: (hookId: string) => ['integrations', 'webhooks', hookId, 'deliveries'] as const,
};

export const integrationsUrl = (path: string, id?: string) => `/api/integrations/${path}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
