import type { Readable } from 'node:stream';
import type { Card } from '@cardstack/shared/cards/schemas';
import { canUseFeature } from '@cardstack/shared/plans/features';
import { vcardFileName } from '@cardstack/shared/vcard/vcard-writer';
import type { WalletCredentialState } from '@cardstack/shared/wallet/schemas';
import { notFound } from '../../http/errors';
import { planOfCard } from '../cards/cards-module';
import { currentApplePass, googlePassOf, storeGoogleClass } from './card-passes';
import { saveLinkOf } from './google-wallet';
import { publicCardOf } from './wallet-access';
import { isOfferedToVisitors } from './wallet-credentials';
import { googleWalletClientOf, type WalletState } from './wallet-state';
import { keyed } from '@cardstack/shared/i18n/keyed';

/* The public card's wallet buttons: whether the page shows them, the Apple pass download and the Google save link. */

/** Whether the card's public page offers each wallet's button (the owner's plan and this server's credentials). */
export async function offersOf(state: WalletState, card: Pick<Card, 'ownerId' | 'teamOwnerId'>): Promise<{ apple: boolean; google: boolean }> {
  const isOffered = (credentialState: WalletCredentialState) => isOfferedToVisitors(credentialState, state.offersDevelopmentPasses);
  if (!isOffered(state.credentialStates.apple) && !isOffered(state.credentialStates.google)) return { apple: false, google: false };
  const plan = await planOfCard(state.db, card);
  return {
    apple: isOffered(state.credentialStates.apple) && canUseFeature(plan, 'appleWallet'),
    google: isOffered(state.credentialStates.google) && canUseFeature(plan, 'googleWallet'),
  };
}

/** A visitor's download: the stored pass of the card's current version. */
export async function applePassForVisitor(state: WalletState, key: string): Promise<{ cardId: string; body: Buffer | Readable; fileName: string }> {
  const card = await publicCardOf(state, key, 'apple');
  return { cardId: card.id, body: await currentApplePass(state, card), fileName: vcardFileName(card.name).replace(/\.vcf$/, '.pkpass') };
}

/** The "Add to Google Wallet" link of the card. */
export async function googleSaveUrlForVisitor(state: WalletState, key: string): Promise<{ cardId: string; url: string }> {
  const card = await publicCardOf(state, key, 'google');
  const pass = await googlePassOf(state, card);
  if (!pass) throw notFound(keyed('noGooglePass'));
  const api = googleWalletClientOf(state);
  const link = await saveLinkOf(pass.credentials, pass, {
    origins: [state.baseUrl],
    nowSeconds: Math.floor(state.now().getTime() / 1000),
    // Without a reachable API (development keys) the long link is the best there is.
    api: api && {
      ensureClass: () => storeGoogleClass(state, api, card.id, pass.genericClass),
      insertObject: () => api.insertObject(pass.genericObject),
    },
  });
  return { cardId: card.id, url: link.url };
}
