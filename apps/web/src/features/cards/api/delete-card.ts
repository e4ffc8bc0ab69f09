import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { cardsQueryKey, cardUrl, refreshCardAccess } from './card-keys';

/** DELETE /api/cards/{id} */
export async function deleteCard(cardId: string) {
  return api.delete(cardUrl(cardId), okResponse);
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    // Only the list: refetching the deleted card while its editor is still on screen would flash "not found".
    // Deleting the default makes another card the default, which the list shows.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: cardsQueryKey, exact: true }), refreshCardAccess(queryClient)]),
  });
}
