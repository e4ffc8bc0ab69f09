import type { Logger } from 'pino';
import type { WalletCredentialState, WalletVendor } from '@cardstack/shared/wallet/schemas';
import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import type { CardAllowanceService } from '../cards/cards-module';
import type { FileStorage } from '../storage/storage-module';
import { createApnsClient, type ApnsClient } from './apns';
import { createGoogleWalletClient, type GoogleWalletClient } from './google-wallet';
import type { WalletCredentials } from './wallet-credentials';

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
  /** Where a card whose account moved went (its page on the new server): its passes point there. Null: not moved. */
  movedCardUrl?: (cardId: string) => Promise<string | null>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

/**
 * What every wallet use case receives: the deps, the clock, the address devices call, and the APNs and Google
 * clients once made. A client stays undefined until its first use and null when this server cannot reach
 * that service, so reading the credentials (development ones cost a key generation) waits for a pass.
 */
export interface WalletState extends Omit<WalletDeps, 'now'> {
  now: () => Date;
  /** The `webServiceURL` of every Apple pass: where its devices register and fetch updates (wallet-routes.ts). */
  webServiceUrl: string;
  clients: { apns?: ApnsClient | null; google?: GoogleWalletClient | null };
}

export function createWalletState(deps: WalletDeps): WalletState {
  return { ...deps, now: deps.now ?? (() => new Date()), webServiceUrl: `${deps.baseUrl}/api/wallet/apple/`, clients: {} };
}

/** The APNs client, when this server may push: never with development keys to Apple's own servers. */
export function apnsClientOf(state: WalletState): ApnsClient | null {
  if (state.clients.apns !== undefined) return state.clients.apns;
  const { apple } = state.credentials();
  // Development keys never reach Apple's servers; a configured APNs address (tests) gets them.
  const key = apple.credentials?.apns;
  const canSend = key && (apple.state === 'ready' || !state.apns.isApplesServer);
  state.clients.apns =
    canSend && apple.credentials
      ? createApnsClient({ url: state.apns.url, ca: state.apns.ca, topic: apple.credentials.passTypeId, teamId: apple.credentials.teamId, keyId: key.keyId, key: key.key })
      : null;
  return state.clients.apns;
}

/** The Google Wallet API client, when this server may call it: never with development keys to Google's own API. */
export function googleWalletClientOf(state: WalletState): GoogleWalletClient | null {
  if (state.clients.google !== undefined) return state.clients.google;
  const { google } = state.credentials();
  if (!google.credentials || (google.state !== 'ready' && state.google.isGooglesServer)) {
    state.clients.google = null;
    return null;
  }
  // Development service accounts get their tokens from the configured fake beside the API.
  const credentials =
    google.state === 'ready' ? google.credentials : { ...google.credentials, tokenUrl: `${new URL(state.google.apiUrl).origin}/token` };
  state.clients.google = createGoogleWalletClient({ apiUrl: state.google.apiUrl, credentials, now: () => state.now().getTime() });
  return state.clients.google;
}
