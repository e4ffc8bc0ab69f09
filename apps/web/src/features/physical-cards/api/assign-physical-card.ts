import { physicalCardResponse } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { physicalCardsQueryKey, physicalCardUrl } from './physical-card-keys';

/** POST /api/physical-cards/{id}/assign: the chip opens another card from now on. */
export function assignPhysicalCard(preorderId: string, cardId: string) {
  return api.post(physicalCardUrl(preorderId, '/assign'), physicalCardResponse, { cardId });
}

export const useAssignPhysicalCard = (ui?: MutationUi<Awaited<ReturnType<typeof assignPhysicalCard>>>) =>
  useEndpointMutation(
    ({ id, cardId }: { id: string; cardId: string }) => assignPhysicalCard(id, cardId),
    (queryClient) => queryClient.invalidateQueries({ queryKey: physicalCardsQueryKey }),
    ui,
  );
