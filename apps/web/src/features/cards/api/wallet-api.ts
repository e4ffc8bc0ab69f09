import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplePassSettingsInput, GooglePassSettingsInput, WalletResponse, WalletVendor } from '@cardstack/shared/wallet/schemas';
import { api } from '../../../lib/api-client';

/* The editor's wallet tabs: a card's pass settings and state (/api/cards/{id}/wallet). */

const walletQueryKey = (cardId: string) => ['cards', 'wallet', cardId] as const;
const walletUrl = (cardId: string, rest = '') => `/api/cards/${encodeURIComponent(cardId)}/wallet${rest}`;

export function useCardWallet(cardId: string) {
  return useQuery({ queryKey: walletQueryKey(cardId), queryFn: () => api.get<WalletResponse>(walletUrl(cardId)) });
}

export function useSaveWalletSettings(cardId: string, vendor: WalletVendor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApplePassSettingsInput | GooglePassSettingsInput) => api.put<WalletResponse>(walletUrl(cardId, `/${vendor}`), settings),
    onSuccess: (wallet) => queryClient.setQueryData(walletQueryKey(cardId), wallet),
  });
}
