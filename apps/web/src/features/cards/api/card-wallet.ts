import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletResponse } from '@cardstack/shared/wallet/schemas';
import { api } from '../../../lib/api-client';
import { cardUrl, cardWalletQueryKey } from './card-keys';

/** GET /api/cards/{id}/wallet: the editor's wallet tabs, a card's pass settings and state. */
export function getCardWallet(cardId: string) {
  return api.get(cardUrl(cardId, '/wallet'), walletResponse);
}

export const cardWalletQuery = (cardId: string) => queryOptions({ queryKey: cardWalletQueryKey(cardId), queryFn: () => getCardWallet(cardId) });

export const useCardWallet = (cardId: string) => useQuery(cardWalletQuery(cardId));
