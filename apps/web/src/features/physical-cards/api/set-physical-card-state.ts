import { physicalCardResponse } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { physicalCardsQueryKey, physicalCardUrl } from './physical-card-keys';

/** POST /api/physical-cards/{id}/state: switched off, taps show a neutral page; on again, they open the card. */
export function setPhysicalCardState(preorderId: string, isDeactivated: boolean) {
  return api.post(physicalCardUrl(preorderId, '/state'), physicalCardResponse, { isDeactivated });
}

export const useSetPhysicalCardState = (ui?: MutationUi<Awaited<ReturnType<typeof setPhysicalCardState>>>) =>
  useEndpointMutation(
    ({ id, isDeactivated }: { id: string; isDeactivated: boolean }) => setPhysicalCardState(id, isDeactivated),
    (queryClient) => queryClient.invalidateQueries({ queryKey: physicalCardsQueryKey }),
    ui,
  );
