import type { QueryClient } from '@tanstack/react-query';
import type { Card } from '@cardstack/shared/cards/schemas';
import { cardAccessQueryKey } from '../../billing/public';

/*
 * The cards feature's query keys and the cache updates its endpoints share. Team cards sit under ['cards'] too
 * (features/teams), so whatever refreshes the cards refreshes the team's list.
 */

export const cardsQueryKey = ['cards'] as const;
export const cardQueryKey = (cardId: string) => ['cards', 'one', cardId] as const;
export const cardWalletQueryKey = (cardId: string) => ['cards', 'wallet', cardId] as const;
export const cardEmailSignatureQueryKey = (cardId: string) => ['cards', 'email-signature', cardId] as const;

export const cardUrl = (cardId: string, rest = '') => `/api/cards/${encodeURIComponent(cardId)}${rest}`;

/** After any change to a card: the list shows it, the editor gets the server's version. */
export function rememberCard(queryClient: QueryClient, card: Card): Promise<void> {
  queryClient.setQueryData(cardQueryKey(card.id), card);
  return queryClient.invalidateQueries({ queryKey: cardsQueryKey, exact: true });
}

/**
 * The plan's card limit counts the cards and keeps the default: whatever adds, removes or re-ranks a card, or was
 * refused by the limit, reads it again.
 */
export const refreshCardAccess = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: cardAccessQueryKey });
