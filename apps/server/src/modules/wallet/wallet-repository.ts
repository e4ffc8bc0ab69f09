import type { Kysely } from 'kysely';
import type { ApplePassSettings, GooglePassSettings, WalletVendor } from '@cardstack/shared/wallet/schemas';
import type { WalletTables } from './wallet-tables';

type Db = Kysely<WalletTables>;

export interface WalletPassRecord {
  cardId: string;
  apple: Partial<ApplePassSettings> | null;
  google: Partial<GooglePassSettings> | null;
  settingsRevision: number;
  authTokenHash: string | null;
  passKey: string | null;
  passTag: string | null;
  updatedAt: string;
}

function parseSettings<T>(text: string | null): Partial<T> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Partial<T>;
  } catch {
    return null;
  }
}

export async function findWalletPass(db: Db, cardId: string): Promise<WalletPassRecord | null> {
  const row = await db
    .selectFrom('wallet_pass')
    .select(['card_id', 'apple_settings', 'google_settings', 'settings_revision', 'auth_token_hash', 'pass_key', 'pass_tag', 'updated_at'])
    .where('card_id', '=', cardId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    cardId: row.card_id,
    apple: parseSettings<ApplePassSettings>(row.apple_settings),
    google: parseSettings<GooglePassSettings>(row.google_settings),
    settingsRevision: row.settings_revision,
    authTokenHash: row.auth_token_hash,
    passKey: row.pass_key,
    passTag: row.pass_tag,
    updatedAt: row.updated_at,
  };
}

async function ensureRow(db: Db, cardId: string, now: string): Promise<void> {
  await db
    .insertInto('wallet_pass')
    .values({ card_id: cardId, updated_at: now, created_at: now })
    .onConflict((conflict) => conflict.column('card_id').doNothing())
    .execute();
}

/** One tab's settings; the revision goes up so the next pass file is made afresh. */
export async function saveWalletSettings(db: Db, cardId: string, vendor: WalletVendor, settings: ApplePassSettings | GooglePassSettings, now: string): Promise<void> {
  await ensureRow(db, cardId, now);
  await db
    .updateTable('wallet_pass')
    .set((eb) => ({
      ...(vendor === 'apple' ? { apple_settings: JSON.stringify(settings) } : { google_settings: JSON.stringify(settings) }),
      settings_revision: eb('settings_revision', '+', 1),
    }))
    .where('card_id', '=', cardId)
    .execute();
}

/**
 * Records the stored pass made for `tag`, unless another one was recorded for that tag meanwhile (false then).
 * `updated_at` moves only when what the pass shows changed (a new tag), which is what devices are asked about.
 */
export async function recordPassFile(db: Db, cardId: string, file: { tag: string; key: string; tokenHash: string }, now: string): Promise<boolean> {
  await ensureRow(db, cardId, now);
  const result = await db
    .updateTable('wallet_pass')
    .set({ pass_tag: file.tag, pass_key: file.key, auth_token_hash: file.tokenHash, updated_at: now })
    .where('card_id', '=', cardId)
    .where((eb) => eb.or([eb('pass_tag', 'is', null), eb('pass_tag', '!=', file.tag)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The Google pass class as stored in Google's store (its tag), or null when none was stored. */
export async function findGoogleClassTag(db: Db, cardId: string): Promise<string | null> {
  const row = await db.selectFrom('wallet_pass').select('google_class_tag').where('card_id', '=', cardId).executeTakeFirst();
  return row?.google_class_tag ?? null;
}

/** Records that Google's store holds the card's class as `tag`. */
export async function recordGoogleClass(db: Db, cardId: string, tag: string, now: string): Promise<void> {
  await ensureRow(db, cardId, now);
  await db.updateTable('wallet_pass').set({ google_class_tag: tag }).where('card_id', '=', cardId).execute();
}

/** What a registration did: a new device, an already registered one (its push token refreshed), or none (the pass is full). */
export type DeviceRegistration = 'registered' | 'refreshed' | 'pass-full';

/**
 * Registers a device for a pass while the pass has fewer than `maxDevicesPerPass` devices: the count and the
 * insert are one statement. A device already registered keeps its place and gets its new push token.
 */
export async function registerDevice(
  db: Db,
  registration: { deviceLibraryId: string; cardId: string; passTypeId: string; pushToken: string },
  now: string,
  maxDevicesPerPass: number,
): Promise<DeviceRegistration> {
  const refreshPushToken = async () => {
    const updated = await db
      .updateTable('wallet_device')
      .set({ push_token: registration.pushToken })
      .where('device_library_id', '=', registration.deviceLibraryId)
      .where('card_id', '=', registration.cardId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  };
  if (await refreshPushToken()) return 'refreshed';
  const inserted = await db
    .insertInto('wallet_device')
    .columns(['device_library_id', 'card_id', 'pass_type_id', 'push_token', 'created_at'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(registration.deviceLibraryId).as('device_library_id'),
          eb.val(registration.cardId).as('card_id'),
          eb.val(registration.passTypeId).as('pass_type_id'),
          eb.val(registration.pushToken).as('push_token'),
          eb.val(now).as('created_at'),
        ])
        .where((eb) =>
          eb(eb.selectFrom('wallet_device').select((count) => count.fn.countAll().as('devices')).where('card_id', '=', registration.cardId), '<', maxDevicesPerPass),
        ),
    )
    .onConflict((conflict) => conflict.columns(['device_library_id', 'card_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return 'registered';
  // The same device may have registered in between (its row is then there); otherwise the pass is full.
  return (await refreshPushToken()) ? 'refreshed' : 'pass-full';
}

/** Removes a registration; with `pushToken`, only while the device still has that token (it may have registered a new one). */
export async function unregisterDevice(db: Db, deviceLibraryId: string, cardId: string, pushToken?: string): Promise<void> {
  let query = db.deleteFrom('wallet_device').where('device_library_id', '=', deviceLibraryId).where('card_id', '=', cardId);
  if (pushToken !== undefined) query = query.where('push_token', '=', pushToken);
  await query.execute();
}

/** A device's passes of this pass type, each with when it last changed. */
export async function passesOfDevice(db: Db, deviceLibraryId: string, passTypeId: string): Promise<{ cardId: string; updatedAt: string }[]> {
  return db
    .selectFrom('wallet_device')
    .innerJoin('wallet_pass', 'wallet_pass.card_id', 'wallet_device.card_id')
    .select(['wallet_device.card_id as cardId', 'wallet_pass.updated_at as updatedAt'])
    .where('wallet_device.device_library_id', '=', deviceLibraryId)
    .where('wallet_device.pass_type_id', '=', passTypeId)
    .execute();
}

/** Devices of the card not yet woken for the pass `passTag` (all of them, or only those of `deviceLibraryIds`), in a stable order. */
export async function devicesAwaitingPush(
  db: Db,
  cardId: string,
  passTag: string,
  deviceLibraryIds?: readonly string[],
): Promise<{ deviceLibraryId: string; pushToken: string }[]> {
  if (deviceLibraryIds?.length === 0) return [];
  let query = db
    .selectFrom('wallet_device')
    .select(['device_library_id as deviceLibraryId', 'push_token as pushToken'])
    .where('card_id', '=', cardId)
    .where((eb) => eb.or([eb('pushed_pass_tag', 'is', null), eb('pushed_pass_tag', '!=', passTag)]));
  if (deviceLibraryIds) query = query.where('device_library_id', 'in', deviceLibraryIds);
  return query.orderBy('device_library_id').execute();
}

/** Records that APNs accepted the push for the pass `passTag` to the device (while it still has that token). */
export async function recordDevicePushed(db: Db, device: { deviceLibraryId: string; cardId: string; pushToken: string }, passTag: string): Promise<void> {
  await db
    .updateTable('wallet_device')
    .set({ pushed_pass_tag: passTag })
    .where('device_library_id', '=', device.deviceLibraryId)
    .where('card_id', '=', device.cardId)
    .where('push_token', '=', device.pushToken)
    .execute();
}

export async function countDevicesOfCard(db: Db, cardId: string): Promise<number> {
  const row = await db.selectFrom('wallet_device').select((eb) => eb.fn.countAll<number | string>().as('count')).where('card_id', '=', cardId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Records an expiry warning; false when this credential's warning at this threshold was already recorded. */
export async function recordCredentialWarning(db: Db, warning: { credential: string; expiresAt: string; thresholdDays: number; sentAt: string }): Promise<boolean> {
  const result = await db
    .insertInto('wallet_credential_warning')
    .values({ credential: warning.credential, expires_at: warning.expiresAt, threshold_days: warning.thresholdDays, sent_at: warning.sentAt })
    .onConflict((oc) => oc.columns(['credential', 'expires_at', 'threshold_days']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The wallet tabs' settings of these cards (those that have any): what an account's archive carries. */
export async function listWalletSettings(db: Db, cardIds: readonly string[]): Promise<{ cardId: string; apple: unknown; google: unknown }[]> {
  if (cardIds.length === 0) return [];
  const rows = await db.selectFrom('wallet_pass').select(['card_id', 'apple_settings', 'google_settings']).where('card_id', 'in', cardIds).orderBy('card_id').execute();
  return rows
    .filter((row) => row.apple_settings !== null || row.google_settings !== null)
    .map((row) => ({ cardId: row.card_id, apple: parseSettings(row.apple_settings), google: parseSettings(row.google_settings) }));
}
