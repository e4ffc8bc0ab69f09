/*
 * The wallet passes' jobs. A card save queues `wallet.pass-changed` in its transaction; the job makes the card's
 * Apple pass when what it shows changed (stored under appleWallets/{cardId}/v{version}-{tag}/), and in the
 * transaction that records it queues one `wallet.apple-push-fan-out` when the pass has registered devices; then
 * it replaces the Google object. The fan-out queues the devices' pushes as `wallet.apple-push` jobs of up to
 * `devicesPerPushJob` devices each. The handlers are in pass-updates.ts. A visitor's download serves the stored
 * pass of the current card, made right then when the job has not run yet (never a stale one: card-passes.ts).
 */

export const passChangedJob = 'wallet.pass-changed';
export const applePushFanOutJob = 'wallet.apple-push-fan-out';
export const applePushJob = 'wallet.apple-push';

export interface ApplePushPayload {
  cardId: string;
  deviceLibraryIds?: string[];
  /** A push job queued before pushes were batched names one device. */
  deviceLibraryId?: string;
}
