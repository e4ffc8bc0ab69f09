import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailSignatureResponse } from '@cardstack/shared/cards/email-signature';
import { api } from '../../../lib/api-client';
import { cardEmailSignatureQueryKey, cardUrl } from './card-keys';

/** GET /api/cards/{id}/email-signature: the card's data and public addresses its email signature is made of. */
export async function getEmailSignature(cardId: string) {
  return (await api.get(cardUrl(cardId, '/email-signature'), emailSignatureResponse)).signature;
}

// Read again each time the dialog opens: the card may have changed since.
export const emailSignatureQuery = (cardId: string) =>
  queryOptions({ queryKey: cardEmailSignatureQueryKey(cardId), queryFn: () => getEmailSignature(cardId), staleTime: 0 });

export const useEmailSignature = (cardId: string) => useQuery(emailSignatureQuery(cardId));
