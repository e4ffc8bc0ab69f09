import { queryOptions, useQuery } from '@tanstack/react-query';
import { physicalCardListResponse, type PhysicalCardScope } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { physicalCardsQueryKey } from './physical-card-keys';

/** GET /api/physical-cards?scope=own|team */
export async function listPhysicalCards(scope: PhysicalCardScope) {
  return (await api.get(`/api/physical-cards?scope=${scope}`, physicalCardListResponse)).physicalCards;
}

export const physicalCardsQuery = (scope: PhysicalCardScope) => queryOptions({ queryKey: [...physicalCardsQueryKey, scope], queryFn: () => listPhysicalCards(scope) });

export const usePhysicalCards = (scope: PhysicalCardScope) => useQuery(physicalCardsQuery(scope));
