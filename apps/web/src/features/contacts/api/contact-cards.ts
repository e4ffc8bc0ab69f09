import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactCardOptionsResponse } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { contactsQueryKey } from './contact-keys';

/** GET /api/contacts/cards: the cards contacts can be filed under (the filter and the form's choice). */
export async function listContactCards() {
  return (await api.get('/api/contacts/cards', contactCardOptionsResponse)).cards;
}

export const contactCardsQuery = () => queryOptions({ queryKey: [...contactsQueryKey, 'cards'], queryFn: listContactCards, staleTime: 60_000 });

export const useContactCards = () => useQuery(contactCardsQuery());
