import type { Readable } from 'node:stream';
import type { Card } from '@cardstack/shared/cards/schemas';
import { AppError } from '../../http/errors';
import { currentApplePass } from './card-passes';
import { planIncludesWallet } from './wallet-access';
import * as repository from './wallet-repository';
import type { WalletState } from './wallet-state';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * Apple's pass web service (webServiceURL = $BASE_URL/api/wallet/apple/, wallet-routes.ts): the devices that
 * registered for a pass's updates, which passes changed for a device, the pass as a device fetches it, and the
 * devices' log. The routes check the pass's token first (authorisedCard in wallet-access.ts).
 */

/** A device asks for the pass's updates; past `maxDevicesPerPass` devices a new one is refused (403). */
export async function registerDevice(state: WalletState, card: Card, passTypeId: string, deviceLibraryId: string, pushToken: string): Promise<'registered' | 'refreshed'> {
  const outcome = await repository.registerDevice(state.db, { deviceLibraryId, cardId: card.id, passTypeId, pushToken }, state.now().toISOString(), state.maxDevicesPerPass);
  if (outcome === 'pass-full') throw new AppError(403, 'wallet-pass-full', keyed('passFull'));
  return outcome;
}

export async function unregisterDevice(state: WalletState, card: Card, deviceLibraryId: string): Promise<void> {
  await repository.unregisterDevice(state.db, deviceLibraryId, card.id);
}

/** The device's passes changed after `since` (an earlier answer's `lastUpdated`); null when none. */
export async function updatedSerials(
  state: WalletState,
  deviceLibraryId: string,
  passTypeId: string,
  since: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const passes = await repository.passesOfDevice(state.db, deviceLibraryId, passTypeId);
  const changed = passes.filter((pass) => since === undefined || pass.updatedAt > since);
  if (changed.length === 0) return null;
  return { serialNumbers: changed.map((pass) => pass.cardId), lastUpdated: changed.map((pass) => pass.updatedAt).sort().at(-1)! };
}

/** The pass as a device fetches it, with when it last changed (whole seconds, as HTTP dates carry them). */
export async function passForDevice(state: WalletState, card: Card): Promise<{ body: Buffer | Readable; lastModified: Date }> {
  // A plan without Apple Wallet locks the pass as it is: the last one made, never a new one.
  const locked = (await planIncludesWallet(state, card, 'apple')) ? null : await repository.findWalletPass(state.db, card.id);
  const stored = locked?.passKey ? await state.storage.get(locked.passKey) : null;
  const body = stored ? stored.body : await currentApplePass(state, card);
  const record = await repository.findWalletPass(state.db, card.id);
  const lastModified = new Date(Math.floor(new Date(record?.updatedAt ?? state.now()).getTime() / 1000) * 1000);
  return { body, lastModified };
}

export function logDeviceMessages(state: WalletState, logs: string[]): void {
  for (const message of logs) state.logger.warn({ wallet: 'apple-device-log' }, message.slice(0, 2000));
}
