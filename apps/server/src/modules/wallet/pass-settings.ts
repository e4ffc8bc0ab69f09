import type { Card } from '@cardstack/shared/cards/schemas';
import { defaultWalletSettings } from '@cardstack/shared/wallet/pass-content';
import type { ApplePassSettings, GooglePassSettings, WalletResponse, WalletSettings, WalletVendor } from '@cardstack/shared/wallet/schemas';
import type { AnyConnection } from '../../db/schema';
import { getCardWithFeature, type CardCaller } from '../cards/cards-module';
import { walletFeatureOf } from './wallet-access';
import { passChangedJob } from './wallet-job-kinds';
import * as repository from './wallet-repository';
import type { WalletState } from './wallet-state';

/* The editor's Apple Wallet and Google Wallet tabs: each card's pass settings, over the defaults of its theme. */

/** The card's pass settings: what its owner chose, the theme's defaults for the rest. */
export function passSettingsOf(card: Pick<Card, 'theme'>, record: repository.WalletPassRecord | null): WalletSettings {
  const defaults = defaultWalletSettings(card.theme);
  return { apple: { ...defaults.apple, ...record?.apple }, google: { ...defaults.google, ...record?.google } };
}

async function walletResponse(state: WalletState, card: Card): Promise<WalletResponse> {
  const record = await repository.findWalletPass(state.db, card.id);
  return {
    settings: passSettingsOf(card, record),
    apple: { state: state.credentialStates.apple, devices: await repository.countDevicesOfCard(state.db, card.id) },
    google: { state: state.credentialStates.google, devices: null },
    appleDownloadPath: `/id/${encodeURIComponent(card.id)}/apple-wallet.pkpass`,
    googleSavePath: `/id/${encodeURIComponent(card.id)}/google-wallet`,
  };
}

/** The editor's tabs: the card's pass settings and state (the card's plan must include Apple Wallet). */
export async function walletOf(state: WalletState, caller: CardCaller, cardId: string): Promise<WalletResponse> {
  return walletResponse(state, await getCardWithFeature(state.db, caller, cardId, 'appleWallet'));
}

/** Saves one wallet's settings; the passes follow in `wallet.pass-changed`, queued in the same transaction. */
export async function saveSettings(
  state: WalletState,
  caller: CardCaller,
  cardId: string,
  vendor: WalletVendor,
  settings: ApplePassSettings | GooglePassSettings,
): Promise<WalletResponse> {
  const card = await getCardWithFeature(state.db, caller, cardId, walletFeatureOf(vendor));
  await state.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.saveWalletSettings(trx, card.id, vendor, settings, state.now().toISOString());
    await state.jobs.enqueue(trx, passChangedJob, { cardId: card.id });
  });
  return walletResponse(state, card);
}
