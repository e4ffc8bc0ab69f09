import type { AnyConnection } from '../../db/schema';
import { recordError } from '../../http/errors';
import type { JobExecutor } from '../../jobs/jobs-module';
import { findCard } from '../cards/cards-module';
import { describeApplePass, googlePassOf, makeApplePass, passUrlOf, storeGoogleClass } from './card-passes';
import { planIncludesWallet } from './wallet-access';
import { applePushJob, passChangedJob, type ApplePushPayload } from './wallet-job-kinds';
import * as repository from './wallet-repository';
import { apnsClientOf, googleWalletClientOf, type WalletState } from './wallet-state';

/*
 * The passes follow the card: every save queues their update (`wallet.pass-changed`), and the devices holding the
 * card's Apple pass are woken (`wallet.apple-push-fan-out`, then `wallet.apple-push`). The flow: wallet-job-kinds.ts.
 */

/** Devices one push job wakes, over one APNs connection: a save's work grows by one job per this many devices. */
const devicesPerPushJob = 100;

/** Inside the transaction of every card save: the passes follow the card. */
export async function onCardSaving(state: WalletState, trx: JobExecutor, change: { cardId: string; kind: 'saved' | 'duplicated' }): Promise<void> {
  await state.jobs.enqueue(trx, passChangedJob, { cardId: change.cardId });
}

/**
 * `wallet.pass-changed`. Idempotent: a pass that already shows the card is kept; Google's class is replaced when
 * what it holds changed, and its object is set again.
 */
export async function passChanged(state: WalletState, payload: { cardId: string }): Promise<void> {
  const card = await findCard(state.db, payload.cardId);
  if (!card) return;
  try {
    if (await planIncludesWallet(state, card, 'apple')) {
      const record = await repository.findWalletPass(state.db, card.id);
      const described = describeApplePass(state, card, record, await passUrlOf(state, card.id));
      if (described && record?.passTag !== described.tag) await makeApplePass(state, card, record, described);
    }
    const api = googleWalletClientOf(state);
    const pass = api && (await planIncludesWallet(state, card, 'google')) ? await googlePassOf(state, card) : null;
    if (api && pass) {
      await storeGoogleClass(state, api, card.id, pass.genericClass);
      await api.replaceObject(pass.genericObject);
    }
  } catch (error) {
    await recordError(state.db, `Updating the wallet passes of card ${card.id}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

/**
 * `wallet.apple-push-fan-out`: queues the pushes of the devices not yet woken for the current pass, up to
 * `devicesPerPushJob` per job, all in one transaction. Idempotent: a run again finds only devices still due,
 * and a push job skips devices woken meanwhile.
 */
export async function fanOutPushes(state: WalletState, payload: { cardId: string }): Promise<void> {
  const passTag = (await repository.findWalletPass(state.db, payload.cardId))?.passTag;
  if (!passTag) return;
  const due = (await repository.devicesAwaitingPush(state.db, payload.cardId, passTag)).map((device) => device.deviceLibraryId);
  if (due.length === 0) return;
  await state.db.transaction().execute(async (trx: AnyConnection) => {
    for (let start = 0; start < due.length; start += devicesPerPushJob) {
      const deviceLibraryIds = due.slice(start, start + devicesPerPushJob);
      await state.jobs.enqueue(trx, applePushJob, { cardId: payload.cardId, deviceLibraryIds }, { retryLimit: 5, retryDelaySeconds: 30 });
    }
  });
}

/**
 * `wallet.apple-push`: wakes the named devices not yet woken for the card's current pass, one after another
 * over one APNs connection. Each accepted push is recorded at once, so a retry pushes only the devices whose
 * push failed; a device Apple says is gone loses its registration.
 */
export async function pushToDevices(state: WalletState, payload: ApplePushPayload): Promise<void> {
  const client = apnsClientOf(state);
  if (!client) return;
  const passTag = (await repository.findWalletPass(state.db, payload.cardId))?.passTag;
  if (!passTag) return;
  const named = payload.deviceLibraryIds ?? (payload.deviceLibraryId ? [payload.deviceLibraryId] : []);
  const devices = await repository.devicesAwaitingPush(state.db, payload.cardId, passTag, named);
  if (devices.length === 0) return;
  const connection = client.connect();
  const failures: string[] = [];
  try {
    for (const { deviceLibraryId, pushToken } of devices) {
      const device = { deviceLibraryId, cardId: payload.cardId, pushToken };
      try {
        if ((await connection.pushPassUpdate(pushToken)) === 'device-gone') await repository.unregisterDevice(state.db, deviceLibraryId, payload.cardId, pushToken);
        else await repository.recordDevicePushed(state.db, device, passTag);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  } finally {
    connection.close();
  }
  if (failures.length > 0) throw new Error(`${failures.length} of ${devices.length} pass-update pushes failed (retried later): ${failures[0]}`);
}
