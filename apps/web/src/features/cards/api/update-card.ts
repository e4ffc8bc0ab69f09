import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardResponse, type UpdateCardInput } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';
import { cardUrl, rememberCard } from './card-keys';

/** PATCH /api/cards/{id}: the editor's save. */
export async function updateCard(cardId: string, input: UpdateCardInput) {
  return (await api.patch(cardUrl(cardId), cardResponse, input)).card;
}

export function useUpdateCard(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCardInput) => updateCard(cardId, input),
    onSuccess: (card) => rememberCard(queryClient, card),
  });
}
