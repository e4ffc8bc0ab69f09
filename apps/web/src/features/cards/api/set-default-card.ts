import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardResponse } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';
import { cardsQueryKey, cardUrl, refreshCardAccess } from './card-keys';

/** POST /api/cards/{id}/default */
export async function setDefaultCard(cardId: string) {
  return (await api.post(cardUrl(cardId, '/default'), cardResponse)).card;
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    // The previous default changed too: every cached card is stale, and the default is the card kept active.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: cardsQueryKey }), refreshCardAccess(queryClient)]),
  });
}
