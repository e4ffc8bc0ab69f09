import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { ConfigError, isLocalhostUrl, resolveAuthSecret, type Config } from './config';
import { tightenDataDir } from './data-dir';
import type { AnyConnection } from './db/schema';
import { isDatabaseReachable, migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { registerErrorLogJobs } from './http/error-log';
import { registerErrorHandler } from './http/errors';
import { registerCrossSiteCheck } from './http/cross-site';
import { registerOverloadGuard } from './http/overload';
import { fastifyTrustProxy } from './http/client-address';
import { registerAccessLog, requestLogValue } from './http/log-redaction';
import { bindJobQueue, createJobEngine, type JobEngine } from './jobs/jobs-module';
import { accountPhotoFolder, mailAccessAfterPasswordReset, registerAccountRoutes, type AccountDeletion } from './modules/account/account-module';
import { isAccountDisabled, isConfirmationRequired, operatorEmails, registerAdminRoutes, signUpRefusal, type AdminDeps } from './modules/admin/admin-module';
import {
  createAuthLoader,
  createCallerOfUser,
  createPasswordAttempts,
  registerAuthRoutes,
  registerCallerHook,
  registerPasskeyRoutes,
  registerSessionRoutes,
  type LoadAuth,
} from './modules/auth/auth-module';
import {
  applyBillingMode,
  cancelSubscriptionsOfUser,
  createBilling,
  createBillingTime,
  everyFeaturePlan,
  loadStripePaymentProvider,
  planStateSource,
  registerBillingJobs,
  registerBillingRoutes,
} from './modules/billing/billing-module';
import { createCardAllowance, deleteCardsOfUser, registerCardRoutes, type CardAllowanceService, type CardsDeps } from './modules/cards/cards-module';
import { deleteContactsOfUser, registerContactRoutes, type ContactsDeps } from './modules/contacts/contacts-module';
import { registerDesignRequestJobs, registerDesignRequestRoutes, type DesignRequestsDeps } from './modules/design-requests/design-requests-module';
import {
  createIntegrationAccess,
  createIntegrationEvents,
  createIntegrations,
  registerIntegrationsJobs,
  registerIntegrationsRoutes,
  revokeAppAccessOfUser,
} from './modules/integrations/integrations-module';
import {
  createLocalMailboxTransport,
  createSmtpTransport,
  enqueueSecurityNotice,
  forgetMailOf,
  registerMailJobs,
  type MailTransport,
} from './modules/mail/mail-module';
import { createInsightsRecorder, openCountryLookup, registerInsightsJobs, registerInsightsRoutes, type InsightsRecorder } from './modules/insights/insights-module';
import { createPlanDowngrades, registerPlansJobs } from './modules/plans/plans-module';
import {
  createPublicCardService,
  linkIdOf,
  publicCardFileFolders,
  registerPublicCardJobs,
  registerPublicCardRoutes,
  type PublicCardService,
} from './modules/public-card/public-card-module';
import { physicalCardRoute, registerPhysicalCardRoutes, type PhysicalCardsDeps } from './modules/physical-cards/physical-cards-module';
import { createRateLimiter } from './modules/rate-limit/rate-limit-module';
import { locateScannerAssets, registerScannerRoutes } from './modules/scanner/scanner-module';
import { createLocalStorage, loadS3Storage, registerFileRoutes, type FileStorage } from './modules/storage/storage-module';
import {
  createTeamClaimsResolver,
  findTeamMembership,
  invitationAcceptPath,
  onAccountDeleted,
  recordSignIn,
  registerTeamJobs,
  registerTeamRoutes,
  type TeamsDeps,
} from './modules/teams/teams-module';
import {
  createWalletService,
  registerWalletJobs,
  registerWalletRoutes,
  walletCredentialStates,
  walletCredentialsSource,
  type WalletService,
} from './modules/wallet/wallet-module';
import { registerSpa } from './web/spa';

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  /** Better Auth, loaded by the first request that needs it (tests call it to reach the library's API). */
  loadAuth: LoadAuth;
  storage: FileStorage;
  /** The job engine: tests run due jobs with `jobs.runDue()`; the CLI reads `jobs.admin`. */
  jobs: JobEngine;
  logger: Logger;
  /** The card allowance of every plan (tests ask it directly). */
  cardAllowance: CardAllowanceService;
  /** The cards module's dependencies (benchmarks call its use cases directly). */
  cards: CardsDeps;
  /** The public card page. */
  publicCard: PublicCardService;
  /**
   * Counts what visitors do on public cards for the insights dashboard (tests flush it). Routes outside the
   * public card page that count (the wallet passes: "Wallet adds") call `insights.record(request, cardId, 'wallet')`.
   */
  insights: InsightsRecorder;
  /** The wallet passes (tests read a pass's authentication token). */
  wallet: WalletService;
  /** The operator console's dependencies (the admin CLI runs its commands with them). */
  admin: AdminDeps;
}

export interface BuildAppOptions {
  config: Config;
  /** Tests pass their own database, storage or mail transport; production builds them from config. */
  database?: DatabaseHandle;
  storage?: FileStorage;
  mailTransport?: MailTransport;
  logger?: Logger;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /** Start the job runner once the routes are ready (the server does; tests and tools run jobs themselves). */
  startJobs?: boolean;
  /** Told of every route as it is added (the security suite derives its route list from it). */
  onRoute?: (route: RouteOptions) => void;
}

/** The app's version, as the operator console shows it: npm's package version when started through npm, else "dev". */
const appVersion = process.env.npm_package_version ?? 'dev';

function createLogger(config: Config): Logger {
  return pino({ level: config.env === 'test' ? 'silent' : config.logLevel });
}

/**
 * The composition root, and nothing else: infrastructure from configuration, then the feature services, then
 * the background jobs, then the HTTP routes. Nothing else constructs services; features receive what they need
 * as arguments. Every value is declared before it is used.
 */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  // ---- Infrastructure ----------------------------------------------------------------------------------
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  tightenDataDir(config.dataDir, logger);
  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cards.sqlite') });
  await migrateToLatest(database);
  const db: AnyConnection = database.db;
  const storage =
    options.storage ??
    (config.storage.s3 ? await loadS3Storage(config.storage.s3) : createLocalStorage(path.join(config.dataDir, 'files')));
  const mailTransport =
    options.mailTransport ??
    (config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createLocalMailboxTransport(path.join(config.dataDir, 'mailbox')));
  const secret = resolveAuthSecret(config);
  // The job engine follows the database: in-process on SQLite, pg-boss on PostgreSQL. Features enqueue
  // through it from their use cases; nothing runs until `start()` (after the routes, below).
  const jobs = await createJobEngine({ database, logger, pollIntervalMs: config.jobs.pollIntervalMs });
  bindJobQueue(db, jobs);
  const rateLimiter = createRateLimiter(db);
  // BILLING_PROVIDER=none: no plans are sold and every account has every feature.
  const isEveryFeatureIncluded = config.billingProvider === 'none';
  await applyBillingMode(db, isEveryFeatureIncluded, new Date());

  // ---- Services ----------------------------------------------------------------------------------------
  // What reaches an account without its password (keys, apps, webhooks): mailed after a reset, reviewed in the account.
  const integrationAccess = createIntegrationAccess({ db, settings: config.integrations });
  // Set up on first use (a sign-in, a session cookie, an API token's user): an idle server does not hold it.
  const loadAuth = createAuthLoader({
    db,
    dialect: database.dialect,
    config,
    secret,
    logger,
    rateLimiter,
    initialPlan: isEveryFeatureIncluded ? everyFeaturePlan : 'basic',
    onSessionCreated: (userId) => recordSignIn(db, userId),
    signUpRefusal: (email) => signUpRefusal({ db, adminEmails: config.adminEmails, now: () => new Date() }, email),
    isAccountDisabled: (userId) => isAccountDisabled(db, userId),
    revokeAppAccess: revokeAppAccessOfUser,
    onPasswordReset: (user) => mailAccessAfterPasswordReset({ db, integrationAccess }, user),
  });
  const passwordAttempts = createPasswordAttempts(rateLimiter, config.signInRateLimit);
  const resolveTeamClaims = createTeamClaimsResolver(db);
  // The public API's callers are users too: a token resolves to the same caller (plan, team claims) a session does.
  const callerDeps = {
    loadAuth,
    resolveTeamClaims,
    isAccountDisabled: (userId: string) => isAccountDisabled(db, userId),
    isConfirmationRequired: () => isConfirmationRequired(db),
  };
  const callerOfUser = createCallerOfUser(callerDeps);
  // Webhook events, made before the modules whose saves raise them (contacts, cards, the public page's leads).
  const integrationEvents = createIntegrationEvents({
    db,
    jobs,
    logger,
    settings: config.integrations,
    callerOf: callerOfUser,
    baseUrl: config.baseUrl,
  });
  const billingTime = createBillingTime({ isAdjustable: config.isBillingTestClockEnabled });
  const cardAllowance = createCardAllowance({ db, now: billingTime.now, planStateOf: planStateSource(isEveryFeatureIncluded), membershipOf: findTeamMembership });
  // Top countries only when the operator configured a GeoIP database (checked at start-up by the configuration).
  const countries = config.geoipDatabasePath
    ? await openCountryLookup(config.geoipDatabasePath).catch((error: unknown) => {
        throw new ConfigError(`Invalid configuration:\n  GEOIP_DATABASE_PATH: cannot read ${config.geoipDatabasePath} as a MaxMind DB (${String(error)})`);
      })
    : undefined;
  const insights = createInsightsRecorder({
    db,
    baseUrl: config.baseUrl,
    flushIntervalMs: config.publicPage.statsFlushMs,
    logger,
    countryOf: countries ? (address) => countries.countryOf(address) : undefined,
  });
  const wallet = createWalletService({
    db,
    storage,
    jobs,
    baseUrl: config.baseUrl,
    secret,
    credentials: walletCredentialsSource(config.wallet, config.dataDir),
    credentialStates: walletCredentialStates(config.wallet),
    offersDevelopmentPasses: isLocalhostUrl(config.baseUrl),
    apns: { url: config.wallet.apnsUrl, ca: config.wallet.apnsCa, isApplesServer: config.wallet.isDefaultApnsUrl },
    google: { apiUrl: config.wallet.googleApiUrl, isGooglesServer: config.wallet.isDefaultGoogleApiUrl },
    maxDevicesPerPass: config.wallet.maxDevicesPerPass,
    cardAllowance,
    logger,
  });
  const publicCard = createPublicCardService({
    db,
    storage,
    baseUrl: config.baseUrl,
    resolveTeamClaims,
    cardAllowance,
    pageCacheEntries: config.publicPage.cacheEntries,
    accessTtlMs: config.publicPage.planCheckMs,
    versionCheckMs: config.publicPage.versionCheckMs,
    insights,
    physicalCardRoute: (key) => physicalCardRoute(db, key),
    jobs,
    logger,
    walletOffersOf: wallet.offersOf,
    onLeadCreated: integrationEvents.onContactCreated,
  });
  const cards: CardsDeps = {
    db,
    dialect: database.dialect,
    storage,
    cardAllowance,
    onCardChanged: publicCard.onCardChanged,
    onCardSaving: async (trx, change) => {
      await publicCard.onCardSaving(trx, change);
      await wallet.onCardSaving(trx, change);
      await integrationEvents.onCardSaving(trx, change);
    },
  };
  // What a downgrade does at the period end; billing reports plan changes to it.
  const plans = { db, cards, now: billingTime.now, jobs, isEveryFeatureIncluded };
  const planChanges = createPlanDowngrades(plans);
  const billing = createBilling({
    db,
    baseUrl: config.baseUrl,
    time: billingTime,
    cardAllowance,
    planChanges,
    provider: config.stripe ? await loadStripePaymentProvider(config.stripe) : undefined,
    enterpriseContactUrl: config.enterpriseContactUrl,
    isEveryFeatureIncluded,
  });
  const contacts: ContactsDeps = { db, dialect: database.dialect, storage, onContactCreated: integrationEvents.onContactCreated };
  const integrations = createIntegrations({
    db,
    baseUrl: config.baseUrl,
    settings: config.integrations,
    events: integrationEvents,
    callerOf: callerOfUser,
    rateLimiter,
    cards,
    contacts,
  });
  const physicalCards: PhysicalCardsDeps = { db, cards, baseUrl: config.baseUrl, rateLimiter, onAddressChanged: publicCard.forgetAddress };
  const designRequests: DesignRequestsDeps = { db, storage, operatorEmails: () => operatorEmails({ db, adminEmails: config.adminEmails }) };
  const admin: AdminDeps = {
    db,
    adminEmails: config.adminEmails,
    baseUrl: config.baseUrl,
    storage,
    jobs: jobs.admin,
    planChanges,
    now: billingTime.now,
    version: appVersion,
    designRequestRetentionDays: config.designRequestRetentionDays,
    health: async () => ({
      database: { dialect: database.dialect, isReachable: await isDatabaseReachable(database) },
      storage: { kind: storage.kind, isReachable: await storage.list('health-check/').then(() => true, () => false) },
      mailTransport: mailTransport.kind,
    }),
  };
  const teams: TeamsDeps = { db, secret, cards, cardAllowance, now: billing.now, jobs };
  const accountDeletion: AccountDeletion = {
    // First, outside the transaction: when the payment provider cannot be reached the account stays whole.
    before: [(userId) => cancelSubscriptionsOfUser(billing, userId)],
    // Then one transaction. Teams before the cards: a member's team cards (and their leads) stay with the team.
    steps: [
      (trx, userId) => onAccountDeleted({ ...teams, db: trx }, userId),
      (trx, userId) => deleteCardsOfUser(cards, userId, trx),
      (trx, userId) => deleteContactsOfUser(contacts, userId, trx),
      (trx, userId, email) => forgetMailOf(trx, userId, email),
    ],
  };

  // ---- Jobs --------------------------------------------------------------------------------------------
  // Every kind of background work registers its handlers (and schedules) here, after the services it runs and
  // before any route; the runner starts once the routes are ready.
  registerMailJobs(jobs, {
    db,
    transport: mailTransport,
    from: config.mail.from,
    baseUrl: config.baseUrl,
    invitationPath: (claims) => invitationAcceptPath(secret, claims),
    logger,
    retentionDays: config.mail.retentionDays,
  });
  registerBillingJobs(jobs, billing);
  registerPlansJobs(jobs, plans);
  registerTeamJobs(jobs, { ...teams, logger });
  registerPublicCardJobs(jobs, publicCard);
  registerInsightsJobs(jobs, { db });
  registerWalletJobs(jobs, wallet);
  registerIntegrationsJobs(jobs, integrationEvents);
  registerErrorLogJobs(jobs, { db, retentionDays: config.errorLogRetentionDays });
  registerDesignRequestJobs(jobs, { db, storage, retentionDays: config.designRequestRetentionDays, logger });

  // ---- Routes ------------------------------------------------------------------------------------------
  const app = Fastify({
    // A request in a log line goes through our serializer: no client address, secrets in addresses redacted.
    loggerInstance: logger.child({}, { serializers: { req: requestLogValue } }) as FastifyBaseLogger,
    // No line per request unless ACCESS_LOG is on (below).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (config.accessLog) registerAccessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, db);
  await registerOverloadGuard(app, config.overload);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        formAction: ["'self'", ...(config.google ? [new URL(config.google.issuer).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  registerCallerHook(app, callerDeps);
  registerCrossSiteCheck(app, {
    baseUrl: config.baseUrl,
    // Endpoints other servers call, not browsers: the Stripe webhook (signed), the OAuth token endpoint (client
    // credentials), the public API (bearer tokens only; a session cookie never opens it), and Apple Wallet's device
    // registrations and logs (devices, authenticated by the pass's own token).
    exemptPaths: ['/api/billing/stripe/webhook', '/api/oauth/token', '/api/v1/*', '/api/wallet/apple/v1/devices/*', '/api/wallet/apple/v1/log'],
  });

  app.get('/healthz', async (_request, reply) => {
    const isReady = await isDatabaseReachable(database);
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'database unreachable' });
  });
  app.get('/api/public-config', async () => ({ isGoogleEnabled: Boolean(config.google), billingProvider: config.billingProvider }));
  registerAuthRoutes(app, {
    loadAuth,
    rateLimiter,
    passwordAttempts,
    onTwoFactorDisabled: async (user) => {
      await enqueueSecurityNotice(db, user.email, { displayName: user.name, change: 'two-factor-disabled' });
    },
  });
  registerSessionRoutes(app, loadAuth);
  registerPasskeyRoutes(app, { db });
  registerAccountRoutes(app, { db, loadAuth, storage, passwordAttempts, accountDeletion, integrationAccess });
  registerFileRoutes(app, storage, {
    // What public cards and the account photo link to; nothing else (scanned contact photos, design requests'
    // uploads) is served at /files. A card's files follow its public page.
    servedFolders: [...publicCardFileFolders, accountPhotoFolder],
    isServable: (key, request) => publicCard.isFileServable(key, async () => (await request.callerIfSignedIn())?.userId ?? null),
  });
  registerBillingRoutes(app, billing);
  registerCardRoutes(app, cards);
  registerPhysicalCardRoutes(app, physicalCards);
  registerDesignRequestRoutes(app, designRequests, { rateLimiter, rateLimit: config.designFormRateLimit });
  registerAdminRoutes(app, admin);
  registerContactRoutes(app, contacts);
  registerTeamRoutes(app, teams);
  registerScannerRoutes(app, { contacts, assets: locateScannerAssets(), ai: config.scannerAi, rateLimiter });
  registerInsightsRoutes(app, { db, linkIdOf });
  await registerIntegrationsRoutes(app, integrations);
  await registerPublicCardRoutes(app, publicCard, { leadRateLimit: config.publicPage.leadRateLimit, rateLimiter });
  registerWalletRoutes(app, wallet, { rateLimiter, countWalletAdd: (request, cardId) => insights.record(request, cardId, 'wallet') });
  await registerSpa(app, options.serveWeb === false ? null : (config.webDistDir ?? defaultWebDistDir()));

  if (options.startJobs) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailTransport.close();
    await publicCard.close();
    await insights.close();
    await database.destroy();
  });

  return {
    app,
    services: { config, database, loadAuth, storage, jobs, logger, cardAllowance, cards, publicCard, insights, wallet, admin },
  };
}

/**
 * `apps/web/dist` beside this server package. This code runs from `src/` (tsx), from `dist/` or from a shared
 * chunk in `dist/chunks/` (the bundle is split, and the CLIs import the app too), so climb to `src` or `dist` first.
 */
function defaultWebDistDir(): string {
  let dir = import.meta.dirname;
  while (!['src', 'dist'].includes(path.basename(dir)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.resolve(dir, '../../web/dist');
}
