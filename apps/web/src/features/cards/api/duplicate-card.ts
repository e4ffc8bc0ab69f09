import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardResponse } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';
import { cardUrl, refreshCardAccess, rememberCard } from './card-keys';

/** POST /api/cards/{id}/duplicate */
export async function duplicateCard(cardId: string) {
  return (await api.post(cardUrl(cardId, '/duplicate'), cardResponse)).card;
}

export function useDuplicateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCard,
    onSuccess: (card) => rememberCard(queryClient, card),
    onSettled: () => refreshCardAccess(queryClient),
  });
}
