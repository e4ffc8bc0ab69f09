import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardResponse, type CreateCardInput } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';
import { refreshCardAccess, rememberCard } from './card-keys';

/** POST /api/cards */
export async function createCard(input: CreateCardInput) {
  return (await api.post('/api/cards', cardResponse, input)).card;
}

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCard,
    onSuccess: (card) => rememberCard(queryClient, card),
    // Not awaited: the editor opens at once; the list reads the limit again when it is shown.
    onSettled: () => void refreshCardAccess(queryClient),
  });
}
