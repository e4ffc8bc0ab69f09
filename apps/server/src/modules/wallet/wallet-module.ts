import type { FastifyRequest } from 'fastify';
import { isLocalhostUrl } from '../../config-fields';
import type { MailOutbox } from '../mail/mail-module';
import type { MetricsRegistry } from '../metrics/metrics-module';
import type { RateLimiter } from '../rate-limit/rate-limit-module';
import type { AppModule } from '../module-contract';
import { createCredentialExpiry, type CredentialExpiry } from './credential-expiry';
import { walletCredentialsSource, walletCredentialStates, type WalletConfig } from './wallet-credentials';
import { registerWalletRoutes } from './wallet-routes';
import { walletArchivePart } from './wallet-archive';
import { createWalletService, registerWalletJobs, type WalletService } from './wallet-service';
import type { WalletDeps } from './wallet-state';

/*
 * The wallet passes' public entry: the service (the cards module tells it of every save), its job kinds, its
 * routes, and the credentials (configured, or development ones made once on a developer's machine).
 */
export type { WalletService } from './wallet-service';
export type { CredentialExpiry } from './credential-expiry';
export type { WalletTables } from './wallet-tables';

export interface WalletNeeds extends Pick<WalletDeps, 'db' | 'storage' | 'jobs' | 'baseUrl' | 'secret' | 'cardAllowance' | 'logger' | 'movedCardUrl'> {
  settings: WalletConfig;
  /** Where development credentials are kept once made. */
  dataDir: string;
  rateLimiter: RateLimiter;
  /** Counts a pass added to a wallet for the card's insights ("Wallet adds"). */
  countWalletAdd: (request: FastifyRequest, cardId: string) => void;
  /** The expiry warnings go to the operators. */
  outbox: MailOutbox;
  operatorEmails: () => Promise<string[]>;
  /** The credentials' days left, as a gauge. */
  metrics: MetricsRegistry;
}

export interface WalletModule extends AppModule {
  service: WalletService;
  /** The configured Apple credentials and the days they have left (readiness, the console). */
  credentialExpiries(): CredentialExpiry[];
}

export function createWalletModule(needs: WalletNeeds): WalletModule {
  const { settings } = needs;
  const service = createWalletService({
    ...needs,
    credentials: walletCredentialsSource(settings, needs.dataDir),
    credentialStates: walletCredentialStates(settings),
    offersDevelopmentPasses: isLocalhostUrl(needs.baseUrl),
    apns: { url: settings.apnsUrl, ca: settings.apnsCa, isApplesServer: settings.isDefaultApnsUrl },
    google: { apiUrl: settings.googleApiUrl, isGooglesServer: settings.isDefaultGoogleApiUrl },
    maxDevicesPerPass: settings.maxDevicesPerPass,
  });
  const credentialExpiry = createCredentialExpiry({ settings, now: () => new Date(), metrics: needs.metrics });
  return {
    name: 'wallet',
    service,
    credentialExpiries: credentialExpiry.expiries,
    routes: (app) => registerWalletRoutes(app, service, { rateLimiter: needs.rateLimiter, countWalletAdd: needs.countWalletAdd }),
    // Apple Wallet's device registrations and logs: devices, authenticated by the pass's own token.
    serverCalledPaths: ['/api/wallet/apple/v1/devices/*', '/api/wallet/apple/v1/log'],
    jobs(runner) {
      registerWalletJobs(runner, service);
      credentialExpiry.jobs(runner, { db: needs.db, outbox: needs.outbox, operatorEmails: needs.operatorEmails });
    },
    onCardSaving: (trx, change) => service.onCardSaving(trx, change),
    accountArchive: walletArchivePart(needs.db),
  };
}
