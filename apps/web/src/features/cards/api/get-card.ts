import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardResponse } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';
import { cardQueryKey, cardUrl } from './card-keys';

/** GET /api/cards/{id}: one card with everything the editor shows. */
export async function getCard(cardId: string) {
  return (await api.get(cardUrl(cardId), cardResponse)).card;
}

export const cardQuery = (cardId: string) =>
  queryOptions({
    queryKey: cardQueryKey(cardId),
    queryFn: () => getCard(cardId),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });

export const useCard = (cardId: string) => useQuery(cardQuery(cardId));
