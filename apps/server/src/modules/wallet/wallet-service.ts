import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Card } from '@cardstack/shared/cards/schemas';
import { vcardFileName } from '@cardstack/shared/vcard/vcard-writer';
import { canUseFeature } from '@cardstack/shared/plans/features';
import { defaultWalletSettings } from '@cardstack/shared/wallet/pass-content';
import type {
  ApplePassSettings,
  GooglePassSettings,
  WalletCredentialState,
  WalletResponse,
  WalletSettings,
  WalletVendor,
} from '@cardstack/shared/wallet/schemas';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound, recordError } from '../../http/errors';
import type { JobExecutor, JobQueue, JobRunner } from '../../jobs/jobs-module';
import { findCard, findCardByAddress, getCardWithFeature, planOfCard, type CardAllowanceService, type CardCaller } from '../cards/cards-module';
import type { FileStorage } from '../storage/storage-module';
import { buildPassJson, signPass, type PassJson } from './apple-pass';
import { createApnsClient, type ApnsClient } from './apns';
import { createGoogleWalletClient, genericClassOf, genericObjectOf, saveLinkOf, type GoogleWalletClient } from './google-wallet';
import { passImages } from './pass-images';
import * as repository from './wallet-repository';
import { isOfferedToVisitors, type WalletCredentials } from './wallet-credentials';

/*
 * The wallet passes' use cases. A card save queues `wallet.pass-changed` in its transaction; the job makes the
 * card's Apple pass when what it shows changed (stored under appleWallets/{cardId}/v{version}-{tag}/), and in the
 * transaction that records it queues one `wallet.apple-push-fan-out` when the pass has registered devices; then
 * it patches the Google object. The fan-out queues the devices' pushes as `wallet.apple-push` jobs of up to
 * `devicesPerPushJob` devices each. A visitor's download serves the stored pass of the current card, made right
 * then when the job has not run yet (never a stale one).
 */

export const passChangedJob = 'wallet.pass-changed';
export const applePushFanOutJob = 'wallet.apple-push-fan-out';
export const applePushJob = 'wallet.apple-push';
/** Devices one push job wakes, over one APNs connection: a save's work grows by one job per this many devices. */
export const devicesPerPushJob = 100;

interface ApplePushPayload {
  cardId: string;
  deviceLibraryIds?: string[];
  /** A push job queued before pushes were batched names one device. */
  deviceLibraryId?: string;
}

/** The answers a visitor gets for a card that offers no pass. */
export const walletMessages = {
  noApplePass: 'This card offers no Apple Wallet pass.',
  noGooglePass: 'This card offers no Google Wallet pass.',
  passFull: 'This pass has reached the limit of devices that receive its updates.',
} as const;

export interface WalletDeps {
  db: AnyConnection;
  storage: FileStorage;
  jobs: JobQueue;
  baseUrl: string;
  /** The server secret: each pass's authentication token is derived from it (and only its hash stored). */
  secret: string;
  /** Made on first use (development credentials cost a key generation); the states are known without it. */
  credentials: () => WalletCredentials;
  credentialStates: Record<WalletVendor, WalletCredentialState>;
  /**
   * Whether visitors are offered passes signed with development credentials (no phone installs them): on a
   * developer's machine yes, on a public address no — there the buttons wait for real credentials.
   */
  offersDevelopmentPasses: boolean;
  apns: { url: string; ca?: string | undefined; isApplesServer: boolean };
  google: { apiUrl: string; isGooglesServer: boolean };
  /** Which of an owner's cards their plan's allowance blocks (a blocked card's page offers nothing). */
  cardAllowance: Pick<CardAllowanceService, 'blockedCardIdsOf'>;
  /** Devices one Apple pass may have registered for updates (WALLET_DEVICES_PER_PASS). */
  maxDevicesPerPass: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

type PassRecord = repository.WalletPassRecord | null;

const storedPassFolder = (cardId: string) => `appleWallets/${cardId}/`;

export function createWalletService(deps: WalletDeps) {
  const now = deps.now ?? (() => new Date());
  let apnsClient: ApnsClient | null | undefined;
  let googleClient: GoogleWalletClient | null | undefined;

  const permanentUrl = (cardId: string) => `${deps.baseUrl}/id/${encodeURIComponent(cardId)}/`;
  const webServiceUrl = `${deps.baseUrl}/api/wallet/apple/`;

  /** The pass's authentication token: derived, so every rebuilt pass carries the same one; only its hash is stored. */
  const authTokenOf = (cardId: string) => crypto.createHmac('sha256', deps.secret).update(`apple-pass-token\n${cardId}`).digest('base64url');
  const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

  function settingsOf(card: Pick<Card, 'theme'>, record: PassRecord): WalletSettings {
    const defaults = defaultWalletSettings(card.theme);
    return { apple: { ...defaults.apple, ...record?.apple }, google: { ...defaults.google, ...record?.google } };
  }

  async function mayUse(card: Pick<Card, 'ownerId' | 'teamOwnerId'>, vendor: WalletVendor): Promise<boolean> {
    const plan = await planOfCard(deps.db, card);
    return canUseFeature(plan, vendor === 'apple' ? 'appleWallet' : 'googleWallet');
  }

  function apns(): ApnsClient | null {
    if (apnsClient !== undefined) return apnsClient;
    const { apple } = deps.credentials();
    // Development keys never reach Apple's servers; a configured APNs address (tests) gets them.
    const key = apple.credentials?.apns;
    const canSend = key && (apple.state === 'ready' || !deps.apns.isApplesServer);
    apnsClient =
      canSend && apple.credentials
        ? createApnsClient({ url: deps.apns.url, ca: deps.apns.ca, topic: apple.credentials.passTypeId, teamId: apple.credentials.teamId, keyId: key.keyId, key: key.key })
        : null;
    return apnsClient;
  }

  function googleApi(): GoogleWalletClient | null {
    if (googleClient !== undefined) return googleClient;
    const { google } = deps.credentials();
    if (!google.credentials || (google.state !== 'ready' && deps.google.isGooglesServer)) {
      googleClient = null;
      return null;
    }
    // Development service accounts get their tokens from the configured fake beside the API.
    const credentials =
      google.state === 'ready' ? google.credentials : { ...google.credentials, tokenUrl: `${new URL(deps.google.apiUrl).origin}/token` };
    googleClient = createGoogleWalletClient({ apiUrl: deps.google.apiUrl, credentials, now: () => now().getTime() });
    return googleClient;
  }

  async function profilePictureOf(card: Card): Promise<Buffer | null> {
    const prefix = `/files/images/${card.id}/`;
    const url = card.profilePicture.url;
    if (!url?.startsWith(prefix)) return null;
    try {
      const stored = await deps.storage.get(url.slice('/files/'.length));
      return stored ? await readAll(stored.body) : null;
    } catch (error) {
      await recordError(deps.db, `Wallet pass picture of card ${card.id}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** What the Apple pass of the card is now: its pass.json and a tag that changes exactly when the pass would. */
  function describeApplePass(card: Card, record: PassRecord): { passJson: PassJson; tag: string; token: string } | null {
    const { apple } = deps.credentials();
    if (!apple.credentials) return null;
    const settings = settingsOf(card, record).apple;
    const token = authTokenOf(card.id);
    const passJson = buildPassJson(card, settings, {
      passTypeId: apple.credentials.passTypeId,
      teamId: apple.credentials.teamId,
      serialNumber: card.id,
      publicUrl: permanentUrl(card.id),
      webServiceUrl,
      authenticationToken: token,
      organizationName: new URL(deps.baseUrl).hostname,
    });
    const tag = crypto
      .createHash('sha256')
      .update(JSON.stringify([passJson, card.profilePicture.url, apple.credentials.signerCert]))
      .digest('base64url')
      .slice(0, 16);
    return { passJson, tag, token };
  }

  /**
   * Makes, stores and records the card's current Apple pass; the transaction that records it queues the one
   * job that wakes the registered devices (they then fetch this pass), whatever their number. Older pass files
   * of the card go.
   */
  async function makeApplePass(card: Card, record: PassRecord, described: NonNullable<ReturnType<typeof describeApplePass>>): Promise<Buffer> {
    const credentials = deps.credentials().apple.credentials;
    if (!credentials) throw new AppError(503, 'wallet-not-configured', walletMessages.noApplePass);
    const settings = settingsOf(card, record).apple;
    const images = await passImages(settings, await profilePictureOf(card));
    const body = await signPass(described.passJson, images, credentials);
    const key = `${storedPassFolder(card.id)}v${card.version}-${described.tag}/${vcardFileName(card.name).replace(/\.vcf$/, '')}.pkpass`;
    await deps.storage.put(key, body, 'application/vnd.apple.pkpass');
    const isRecorded = await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const recorded = await repository.recordPassFile(trx, card.id, { tag: described.tag, key, tokenHash: hashOf(described.token) }, now().toISOString());
      if (recorded && (await repository.countDevicesOfCard(trx, card.id)) > 0) await deps.jobs.enqueue(trx, applePushFanOutJob, { cardId: card.id });
      return recorded;
    });
    if (isRecorded) {
      // Only passes this module made (v{version}-{tag}/…): anything else in the folder is not ours to judge.
      const isGeneratedPass = (candidate: string) => /^v\d+-[\w-]+\//.test(candidate.slice(storedPassFolder(card.id).length));
      for (const old of await deps.storage.list(storedPassFolder(card.id))) {
        if (old !== key && isGeneratedPass(old)) await deps.storage.delete(old).catch(() => undefined);
      }
    }
    return body;
  }

  /** The card's current Apple pass: the stored one when it shows this card as it is, else made now. */
  async function currentApplePass(card: Card): Promise<Buffer | Readable> {
    const record = await repository.findWalletPass(deps.db, card.id);
    const described = describeApplePass(card, record);
    if (!described) throw notFound(walletMessages.noApplePass);
    if (record?.passTag === described.tag && record.passKey) {
      const stored = await deps.storage.get(record.passKey);
      if (stored) return stored.body;
    }
    return makeApplePass(card, record, described);
  }

  async function walletResponse(card: Card): Promise<WalletResponse> {
    const record = await repository.findWalletPass(deps.db, card.id);
    return {
      settings: settingsOf(card, record),
      apple: { state: deps.credentialStates.apple, devices: await repository.countDevicesOfCard(deps.db, card.id) },
      google: { state: deps.credentialStates.google, devices: null },
      appleDownloadPath: `/id/${encodeURIComponent(card.id)}/apple-wallet.pkpass`,
      googleSavePath: `/id/${encodeURIComponent(card.id)}/google-wallet`,
    };
  }

  /** The card of an Apple web-service request, when the token is this pass's: null answers 401. */
  async function authorisedCard(passTypeId: string, serialNumber: string, authorization: string | undefined): Promise<Card | null> {
    const apple = deps.credentials().apple.credentials;
    const token = /^ApplePass (\S{16,200})$/.exec(authorization ?? '')?.[1];
    if (!apple || !token || passTypeId !== apple.passTypeId) return null;
    const record = await repository.findWalletPass(deps.db, serialNumber);
    if (!record?.authTokenHash) return null;
    const given = Buffer.from(hashOf(token), 'hex');
    const stored = Buffer.from(record.authTokenHash, 'hex');
    if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return null;
    return findCard(deps.db, serialNumber);
  }

  async function googlePass(card: Card) {
    const google = deps.credentials().google.credentials;
    if (!google) return null;
    const record = await repository.findWalletPass(deps.db, card.id);
    const context = { issuerId: google.issuerId, publicUrl: permanentUrl(card.id), baseUrl: deps.baseUrl };
    return { credentials: google, genericClass: genericClassOf(google.issuerId, card.id), genericObject: genericObjectOf(card, settingsOf(card, record).google, context) };
  }

  async function publicCardOf(key: string, vendor: WalletVendor): Promise<Card> {
    const message = vendor === 'apple' ? walletMessages.noApplePass : walletMessages.noGooglePass;
    const cardId = (await findCardByAddress(deps.db, key))?.id ?? null;
    const card = cardId ? await findCard(deps.db, cardId) : null;
    if (!card || !(await mayUse(card, vendor))) throw notFound(message);
    if ((await deps.cardAllowance.blockedCardIdsOf(card.ownerId)).includes(card.id)) throw notFound(message);
    return card;
  }

  return {
    authTokenOf,
    authorisedCard,

    /** The editor's tabs: the card's pass settings and state (the card's plan must include Apple Wallet). */
    async walletOf(caller: CardCaller, cardId: string): Promise<WalletResponse> {
      return walletResponse(await getCardWithFeature(deps.db, caller, cardId, 'appleWallet'));
    },

    async saveSettings(caller: CardCaller, cardId: string, vendor: WalletVendor, settings: ApplePassSettings | GooglePassSettings): Promise<WalletResponse> {
      const card = await getCardWithFeature(deps.db, caller, cardId, vendor === 'apple' ? 'appleWallet' : 'googleWallet');
      await deps.db.transaction().execute(async (trx: AnyConnection) => {
        await repository.saveWalletSettings(trx, card.id, vendor, settings, now().toISOString());
        await deps.jobs.enqueue(trx, passChangedJob, { cardId: card.id });
      });
      return walletResponse(card);
    },

    /** A visitor's download: the stored pass of the card's current version. */
    async applePassForVisitor(key: string): Promise<{ cardId: string; body: Buffer | Readable; fileName: string }> {
      const card = await publicCardOf(key, 'apple');
      return { cardId: card.id, body: await currentApplePass(card), fileName: vcardFileName(card.name).replace(/\.vcf$/, '.pkpass') };
    },

    /** The "Add to Google Wallet" link of the card. */
    async googleSaveUrlForVisitor(key: string): Promise<{ cardId: string; url: string }> {
      const card = await publicCardOf(key, 'google');
      const pass = await googlePass(card);
      if (!pass) throw notFound(walletMessages.noGooglePass);
      const api = googleApi();
      const link = await saveLinkOf(pass.credentials, pass, {
        origins: [deps.baseUrl],
        nowSeconds: Math.floor(now().getTime() / 1000),
        insert: async () => {
          // Without a reachable API (development keys) the long link is the best there is.
          if (api) await api.insert(pass);
        },
      });
      return { cardId: card.id, url: link.url };
    },

    /** Whether the card's public page offers each wallet's button (the owner's plan and this server's credentials). */
    async offersOf(card: Pick<Card, 'ownerId' | 'teamOwnerId'>): Promise<{ apple: boolean; google: boolean }> {
      const isOffered = (state: WalletCredentialState) => isOfferedToVisitors(state, deps.offersDevelopmentPasses);
      if (!isOffered(deps.credentialStates.apple) && !isOffered(deps.credentialStates.google)) return { apple: false, google: false };
      const plan = await planOfCard(deps.db, card);
      return {
        apple: isOffered(deps.credentialStates.apple) && canUseFeature(plan, 'appleWallet'),
        google: isOffered(deps.credentialStates.google) && canUseFeature(plan, 'googleWallet'),
      };
    },

    /** Inside the transaction of every card save: the passes follow the card. */
    async onCardSaving(trx: JobExecutor, change: { cardId: string; kind: 'saved' | 'duplicated' }): Promise<void> {
      await deps.jobs.enqueue(trx, passChangedJob, { cardId: change.cardId });
    },

    /** `wallet.pass-changed`. Idempotent: a pass that already shows the card is kept; Google's object is set again. */
    async passChanged(payload: { cardId: string }): Promise<void> {
      const card = await findCard(deps.db, payload.cardId);
      if (!card) return;
      try {
        if (await mayUse(card, 'apple')) {
          const record = await repository.findWalletPass(deps.db, card.id);
          const described = describeApplePass(card, record);
          if (described && record?.passTag !== described.tag) await makeApplePass(card, record, described);
        }
        const api = googleApi();
        const pass = api && (await mayUse(card, 'google')) ? await googlePass(card) : null;
        if (api && pass) await api.patch(pass.genericObject);
      } catch (error) {
        await recordError(deps.db, `Updating the wallet passes of card ${card.id}: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },

    /**
     * `wallet.apple-push-fan-out`: queues the pushes of the devices not yet woken for the current pass, up to
     * `devicesPerPushJob` per job, all in one transaction. Idempotent: a run again finds only devices still due,
     * and a push job skips devices woken meanwhile.
     */
    async fanOutPushes(payload: { cardId: string }): Promise<void> {
      const passTag = (await repository.findWalletPass(deps.db, payload.cardId))?.passTag;
      if (!passTag) return;
      const due = (await repository.devicesAwaitingPush(deps.db, payload.cardId, passTag)).map((device) => device.deviceLibraryId);
      if (due.length === 0) return;
      await deps.db.transaction().execute(async (trx: AnyConnection) => {
        for (let start = 0; start < due.length; start += devicesPerPushJob) {
          const deviceLibraryIds = due.slice(start, start + devicesPerPushJob);
          await deps.jobs.enqueue(trx, applePushJob, { cardId: payload.cardId, deviceLibraryIds }, { retryLimit: 5, retryDelaySeconds: 30 });
        }
      });
    },

    /**
     * `wallet.apple-push`: wakes the named devices not yet woken for the card's current pass, one after another
     * over one APNs connection. Each accepted push is recorded at once, so a retry pushes only the devices whose
     * push failed; a device Apple says is gone loses its registration.
     */
    async pushToDevices(payload: ApplePushPayload): Promise<void> {
      const client = apns();
      if (!client) return;
      const passTag = (await repository.findWalletPass(deps.db, payload.cardId))?.passTag;
      if (!passTag) return;
      const named = payload.deviceLibraryIds ?? (payload.deviceLibraryId ? [payload.deviceLibraryId] : []);
      const devices = await repository.devicesAwaitingPush(deps.db, payload.cardId, passTag, named);
      if (devices.length === 0) return;
      const connection = client.connect();
      const failures: string[] = [];
      try {
        for (const { deviceLibraryId, pushToken } of devices) {
          const device = { deviceLibraryId, cardId: payload.cardId, pushToken };
          try {
            if ((await connection.pushPassUpdate(pushToken)) === 'device-gone') await repository.unregisterDevice(deps.db, deviceLibraryId, payload.cardId, pushToken);
            else await repository.recordDevicePushed(deps.db, device, passTag);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      } finally {
        connection.close();
      }
      if (failures.length > 0) throw new Error(`${failures.length} of ${devices.length} pass-update pushes failed (retried later): ${failures[0]}`);
    },

    // ---- Apple's web service ----
    /** A device asks for the pass's updates; past `maxDevicesPerPass` devices a new one is refused (403). */
    async registerDevice(card: Card, passTypeId: string, deviceLibraryId: string, pushToken: string): Promise<'registered' | 'refreshed'> {
      const outcome = await repository.registerDevice(deps.db, { deviceLibraryId, cardId: card.id, passTypeId, pushToken }, now().toISOString(), deps.maxDevicesPerPass);
      if (outcome === 'pass-full') throw new AppError(403, 'wallet-pass-full', walletMessages.passFull);
      return outcome;
    },
    async unregisterDevice(card: Card, deviceLibraryId: string): Promise<void> {
      await repository.unregisterDevice(deps.db, deviceLibraryId, card.id);
    },
    /** The device's passes changed after `since` (an earlier answer's `lastUpdated`); null when none. */
    async updatedSerials(deviceLibraryId: string, passTypeId: string, since: string | undefined): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
      const passes = await repository.passesOfDevice(deps.db, deviceLibraryId, passTypeId);
      const changed = passes.filter((pass) => since === undefined || pass.updatedAt > since);
      if (changed.length === 0) return null;
      return { serialNumbers: changed.map((pass) => pass.cardId), lastUpdated: changed.map((pass) => pass.updatedAt).sort().at(-1)! };
    },
    /** The pass as a device fetches it, with when it last changed (whole seconds, as HTTP dates carry them). */
    async passForDevice(card: Card): Promise<{ body: Buffer | Readable; lastModified: Date }> {
      // A plan without Apple Wallet locks the pass as it is: the last one made, never a new one.
      const locked = (await mayUse(card, 'apple')) ? null : await repository.findWalletPass(deps.db, card.id);
      const stored = locked?.passKey ? await deps.storage.get(locked.passKey) : null;
      const body = stored ? stored.body : await currentApplePass(card);
      const record = await repository.findWalletPass(deps.db, card.id);
      const lastModified = new Date(Math.floor(new Date(record?.updatedAt ?? now()).getTime() / 1000) * 1000);
      return { body, lastModified };
    },
    logDeviceMessages(logs: string[]): void {
      for (const message of logs) deps.logger.warn({ wallet: 'apple-device-log' }, message.slice(0, 2000));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function registerWalletJobs(runner: JobRunner, service: Pick<WalletService, 'passChanged' | 'fanOutPushes' | 'pushToDevices'>): void {
  runner.register<{ cardId: string }>(passChangedJob, (payload) => service.passChanged(payload));
  runner.register<{ cardId: string }>(applePushFanOutJob, (payload) => service.fanOutPushes(payload));
  runner.register<ApplePushPayload>(applePushJob, (payload) => service.pushToDevices(payload));
}
