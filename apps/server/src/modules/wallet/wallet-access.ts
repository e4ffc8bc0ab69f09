import crypto from 'node:crypto';
import type { Card } from '@cardstack/shared/cards/schemas';
import { canUseFeature } from '@cardstack/shared/plans/features';
import type { WalletVendor } from '@cardstack/shared/wallet/schemas';
import { notFound } from '../../http/errors';
import { findCard, findCardByAddress, planOfCard } from '../cards/cards-module';
import * as repository from './wallet-repository';
import type { WalletState } from './wallet-state';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * Who gets which pass: the card's plan must include the wallet, a visitor gets the pass of an active public
 * card only, and Apple's devices prove the pass with its authentication token.
 */

export const walletFeatureOf = (vendor: WalletVendor) => (vendor === 'apple' ? 'appleWallet' : 'googleWallet');

export async function planIncludesWallet(state: WalletState, card: Pick<Card, 'ownerId' | 'teamOwnerId'>, vendor: WalletVendor): Promise<boolean> {
  const plan = await planOfCard(state.db, card);
  return canUseFeature(plan, walletFeatureOf(vendor));
}

/** The card behind a public address, when it offers this wallet's pass; else 404. */
export async function publicCardOf(state: WalletState, key: string, vendor: WalletVendor): Promise<Card> {
  const message = keyed(vendor === 'apple' ? 'noApplePass' : 'noGooglePass');
  const cardId = (await findCardByAddress(state.db, key))?.id ?? null;
  const card = cardId ? await findCard(state.db, cardId) : null;
  if (!card || !(await planIncludesWallet(state, card, vendor))) throw notFound(message);
  if ((await state.cardAllowance.blockedCardIdsOf(card.ownerId)).includes(card.id)) throw notFound(message);
  return card;
}

/** The pass's authentication token: derived, so every rebuilt pass carries the same one; only its hash is stored. */
export function authTokenOf(state: WalletState, cardId: string): string {
  return crypto.createHmac('sha256', state.secret).update(`apple-pass-token\n${cardId}`).digest('base64url');
}

export const tokenHashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The card of an Apple web-service request, when the token is this pass's: null answers 401. */
export async function authorisedCard(state: WalletState, passTypeId: string, serialNumber: string, authorization: string | undefined): Promise<Card | null> {
  const apple = state.credentials().apple.credentials;
  const token = /^ApplePass (\S{16,200})$/.exec(authorization ?? '')?.[1];
  if (!apple || !token || passTypeId !== apple.passTypeId) return null;
  const record = await repository.findWalletPass(state.db, serialNumber);
  if (!record?.authTokenHash) return null;
  const given = Buffer.from(tokenHashOf(token), 'hex');
  const stored = Buffer.from(record.authTokenHash, 'hex');
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return null;
  return findCard(state.db, serialNumber);
}
