import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardListResponse } from '@cardstack/shared/cards/schemas';
import { api } from '../../../lib/api-client';
import { cardsQueryKey } from './card-keys';

/** GET /api/cards: the signed-in user's own cards, in their order. */
export async function listCards() {
  return (await api.get('/api/cards', cardListResponse)).cards;
}

export const cardsQuery = () => queryOptions({ queryKey: cardsQueryKey, queryFn: listCards });

/** `enabled: false` waits (the activation page asks only once someone is signed in). */
export const useCards = (options: { enabled?: boolean } = {}) => useQuery({ ...cardsQuery(), ...options });
