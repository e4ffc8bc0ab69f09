import type { JobRunner } from '../../jobs/jobs-module';
import { saveSettings, walletOf } from './pass-settings';
import { fanOutPushes, onCardSaving, passChanged, pushToDevices } from './pass-updates';
import { logDeviceMessages, passForDevice, registerDevice, unregisterDevice, updatedSerials } from './pass-web-service';
import { applePassForVisitor, googleSaveUrlForVisitor, offersOf } from './visitor-passes';
import { authorisedCard, authTokenOf } from './wallet-access';
import { applePushFanOutJob, applePushJob, passChangedJob, type ApplePushPayload } from './wallet-job-kinds';
import { createWalletState, type WalletDeps, type WalletState } from './wallet-state';

/*
 * The wallet's use cases bound to one state (the deps and the clients made once), as the routes, the job runner
 * and the cards module's save hook call them. The use cases themselves are plain functions of that state, one
 * file per audience: pass-settings.ts (the editor), visitor-passes.ts (the public card), pass-web-service.ts
 * (Apple's devices), pass-updates.ts (saves and jobs).
 */

export function createWalletService(deps: WalletDeps) {
  const state = createWalletState(deps);
  const bound =
    <Args extends unknown[], Result>(useCase: (state: WalletState, ...args: Args) => Result) =>
    (...args: Args): Result =>
      useCase(state, ...args);
  return {
    authTokenOf: bound(authTokenOf),
    authorisedCard: bound(authorisedCard),
    walletOf: bound(walletOf),
    saveSettings: bound(saveSettings),
    applePassForVisitor: bound(applePassForVisitor),
    googleSaveUrlForVisitor: bound(googleSaveUrlForVisitor),
    offersOf: bound(offersOf),
    onCardSaving: bound(onCardSaving),
    passChanged: bound(passChanged),
    fanOutPushes: bound(fanOutPushes),
    pushToDevices: bound(pushToDevices),
    registerDevice: bound(registerDevice),
    unregisterDevice: bound(unregisterDevice),
    updatedSerials: bound(updatedSerials),
    passForDevice: bound(passForDevice),
    logDeviceMessages: bound(logDeviceMessages),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

export function registerWalletJobs(runner: JobRunner, service: Pick<WalletService, 'passChanged' | 'fanOutPushes' | 'pushToDevices'>): void {
  runner.register<{ cardId: string }>(passChangedJob, (payload) => service.passChanged(payload));
  runner.register<{ cardId: string }>(applePushFanOutJob, (payload) => service.fanOutPushes(payload));
  runner.register<ApplePushPayload>(applePushJob, (payload) => service.pushToDevices(payload));
}
