import { useQuery } from '@tanstack/react-query';
import type { PhysicalCardScope, PhysicalCardSummary, PreorderStatus } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../lib/api-client';

export const physicalCardsQueryKey = ['physical-cards'] as const;

export const physicalCardsApi = {
  status: (preorderId: string) => api.get<{ preorder: PreorderStatus }>(`/api/physical-cards/preorders/${encodeURIComponent(preorderId)}`),
  activate: (preorderId: string, cardId?: string) =>
    api.post<{ cardId: string; message: string }>(`/api/physical-cards/preorders/${encodeURIComponent(preorderId)}/activate`, cardId ? { cardId } : {}),
  /** The caller's own cards, to link a physical card to one of them instead of creating a new one. */
  ownCards: () => api.get<{ cards: { id: string; title: string; name: string }[] }>('/api/cards'),
  list: (scope: PhysicalCardScope) => api.get<{ physicalCards: PhysicalCardSummary[] }>(`/api/physical-cards?scope=${scope}`),
  assign: (preorderId: string, cardId: string) =>
    api.post<{ physicalCard: PhysicalCardSummary; message: string }>(`/api/physical-cards/${encodeURIComponent(preorderId)}/assign`, { cardId }),
  setState: (preorderId: string, isDeactivated: boolean) =>
    api.post<{ physicalCard: PhysicalCardSummary; message: string }>(`/api/physical-cards/${encodeURIComponent(preorderId)}/state`, { isDeactivated }),
};

export function usePhysicalCards(scope: PhysicalCardScope) {
  return useQuery({ queryKey: [...physicalCardsQueryKey, scope], queryFn: () => physicalCardsApi.list(scope), select: (data) => data.physicalCards });
}
