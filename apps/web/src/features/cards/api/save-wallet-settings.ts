import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletResponse, type ApplePassSettingsInput, type GooglePassSettingsInput, type WalletVendor } from '@cardstack/shared/wallet/schemas';
import { api } from '../../../lib/api-client';
import { cardUrl, cardWalletQueryKey } from './card-keys';

/** PUT /api/cards/{id}/wallet/{apple|google} */
export function saveWalletSettings(cardId: string, vendor: WalletVendor, settings: ApplePassSettingsInput | GooglePassSettingsInput) {
  return api.put(cardUrl(cardId, `/wallet/${vendor}`), walletResponse, settings);
}

export function useSaveWalletSettings(cardId: string, vendor: WalletVendor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApplePassSettingsInput | GooglePassSettingsInput) => saveWalletSettings(cardId, vendor, settings),
    onSuccess: (wallet) => queryClient.setQueryData(cardWalletQueryKey(cardId), wallet),
  });
}
