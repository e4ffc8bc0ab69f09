import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { resolveAuthSecret, type Config } from './config';
import { isLocalhostUrl } from './config-fields';
import { tightenDataDir } from './data-dir';
import type { AnyConnection } from './db/schema';
import { isDatabaseReachable, migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { createErrorLogModule } from './http/error-log';
import { registerErrorHandler } from './http/errors';
import { registerCrossSiteCheck } from './http/cross-site';
import { registerOverloadGuard } from './http/overload';
import { registerRouteGuard } from './http/route-guard';
import { fastifyTrustProxy } from './http/client-address';
import { registerAccessLog, requestLogValue } from './http/log-redaction';
import { createPlatformModule } from './http/platform-routes';
import { registerSecurityHeaders } from './http/security-headers';
import { createJobEngine, type JobEngine } from './jobs/jobs-module';
import type { AppModule } from './modules/module-contract';
import { createAccountModule, mailAccessAfterPasswordReset } from './modules/account/account-module';
import { createAccountArchiveModule, listAccountExportIds } from './modules/account-archive/account-archive-module';
import { createAccountMovesModule, movedCardUrl } from './modules/account-moves/account-moves-module';
import { createAccountPolicy, createAdminModule, type AdminDeps } from './modules/admin/admin-module';
import { createAuthModule, findPreferencesByEmail, requireVerifiedEmail, type LoadAuth } from './modules/auth/auth-module';
import { createBillingModule, createBillingTime, everyFeaturePlan, planStateSource, requireFeature } from './modules/billing/billing-module';
import { createCardAllowance, createCardsModule, findCard, type CardAllowanceService, type CardsDeps } from './modules/cards/cards-module';
import { createContactsModule } from './modules/contacts/contacts-module';
import { createDesignRequestsModule } from './modules/design-requests/design-requests-module';
import { createIntegrationAccess, createIntegrationsModule, revokeAppAccessOfUser } from './modules/integrations/integrations-module';
import { createInsightsModule, type InsightsRecorder } from './modules/insights/insights-module';
import { createLocalMailboxTransport, createMailModule, createSmtpTransport, type MailTransport } from './modules/mail/mail-module';
import { createMetricsModule } from './modules/metrics/metrics-module';
import { createPlansModule } from './modules/plans/plans-module';
import { createPublicCardModule, linkIdOf, permanentCardUrl, type PublicCardService } from './modules/public-card/public-card-module';
import { answerBeforeFastify, firstOf } from './http/early-answers';
import { createPhysicalCardsModule, physicalCardRoute } from './modules/physical-cards/physical-cards-module';
import { createRateLimitModule } from './modules/rate-limit/rate-limit-module';
import { createScannerModule } from './modules/scanner/scanner-module';
import { createLocalStorage, createStorageModule, loadS3Storage, type FileStorage } from './modules/storage/storage-module';
import { createTeamClaimsResolver, createTeamsModule, findTeamMembership, invitationAcceptPath, recordSignIn } from './modules/teams/teams-module';
import { createWalletModule, type WalletService } from './modules/wallet/wallet-module';
import { registerSpa } from './web/spa';

type SchemaCompilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

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
  /** The metrics' own listener (METRICS_PORT), once the app is ready. */
  metrics: { listenerPort(): number | null };
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
 * The composition root, and nothing else: infrastructure from configuration, then the feature modules in
 * dependency order (each `create<Name>Module(needs)`, see modules/module-contract.ts), then one loop over them
 * for their jobs and one for their routes. Modules decide their own policy; this file passes values.
 */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  // ---- Infrastructure ----------------------------------------------------------------------------------
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  tightenDataDir(config.dataDir, logger);
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'cards.sqlite'),
      connectTimeoutMs: config.database.connectTimeoutMs,
      logger,
    });
  await migrateToLatest(database);
  const db: AnyConnection = database.db;
  const storage =
    options.storage ??
    (config.storage.s3 ? await loadS3Storage(config.storage.s3) : createLocalStorage(path.join(config.dataDir, 'files')));
  const mailTransport =
    options.mailTransport ??
    (config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createLocalMailboxTransport(path.join(config.dataDir, 'mailbox')));
  const secret = resolveAuthSecret(config);
  // The job engine follows the database: in-process on SQLite, pg-boss on PostgreSQL. Modules enqueue through
  // it from their use cases; nothing runs until `start()` (after the routes, below).
  const jobs = await createJobEngine({ database, logger, pollIntervalMs: config.jobs.pollIntervalMs });
  // BILLING_PROVIDER=none: no plans are sold and every account has every feature.
  const isEveryFeatureIncluded = config.billingProvider === 'none';
  const billingTime = createBillingTime({ isAdjustable: config.isBillingTestClockEnabled });
  const { baseUrl } = config;

  // ---- Modules, in dependency order ----------------------------------------------------------------------
  // The hooks (card saves, new contacts, account deletion) loop over this list when they fire, by which time
  // every module below is in it.
  const modules: AppModule[] = [];
  const add = <M extends AppModule>(module: M): M => {
    modules.push(module);
    return module;
  };
  const accountPolicy = createAccountPolicy({ db, adminEmails: config.adminEmails, now: () => new Date() });
  const resolveTeamClaims = createTeamClaimsResolver(db);
  // What reaches an account without its password (keys, apps, webhooks): mailed after a reset, reviewed in the account.
  const integrationAccess = createIntegrationAccess({ db, settings: config.integrations });
  const cardAllowance = createCardAllowance({ db, now: billingTime.now, planStateOf: planStateSource(isEveryFeatureIncluded), membershipOf: findTeamMembership });

  // First, so its request counting sees every route's answer; other modules add their metrics through `registry`.
  const metrics = add(createMetricsModule({ settings: config.metrics, host: config.host, jobs: jobs.admin, logger }));
  const { limiter: rateLimiter } = add(createRateLimitModule({ db }));
  add(createErrorLogModule({ db, retentionDays: config.errorLogRetentionDays }));
  const { outbox } = add(
    createMailModule({
      db,
      jobs,
      transport: mailTransport,
      from: config.mail.from,
      baseUrl,
      invitationPath: (claims) => invitationAcceptPath(secret, claims),
      recipientOf: async (email) => {
        const { language, timeZone } = await findPreferencesByEmail(db, email);
        return { locale: language, timeZone };
      },
      logger,
      retentionDays: config.mail.retentionDays,
      metrics: metrics.registry,
    }),
  );
  const auth = add(
    createAuthModule({
      db,
      dialect: database.dialect,
      config,
      secret,
      logger,
      outbox,
      rateLimiter,
      initialPlan: isEveryFeatureIncluded ? everyFeaturePlan : 'basic',
      accountPolicy,
      resolveTeamClaims,
      databaseOutage: database.currentOutage,
      onSessionCreated: (userId) => recordSignIn(db, userId),
      revokeAppAccess: revokeAppAccessOfUser,
      onPasswordReset: (user) => mailAccessAfterPasswordReset({ db, integrationAccess, outbox }, user),
    }),
  );
  const insights = add(
    await createInsightsModule({
      db,
      baseUrl,
      flushIntervalMs: config.publicPage.statsFlushMs,
      logger,
      geoipDatabasePath: config.geoipDatabasePath,
      linkIdOf,
    }),
  );
  const wallet = add(
    createWalletModule({
      db,
      storage,
      jobs,
      baseUrl,
      secret,
      settings: config.wallet,
      dataDir: config.dataDir,
      cardAllowance,
      logger,
      rateLimiter,
      countWalletAdd: (request, cardId) => insights.recorder.record(request, cardId, 'wallet'),
      outbox,
      operatorEmails: accountPolicy.operatorEmails,
      metrics: metrics.registry,
      movedCardUrl: (cardId) => movedCardUrl(db, cardId),
    }),
  );
  const publicCard = add(
    createPublicCardModule({
      db,
      storage,
      baseUrl,
      resolveTeamClaims,
      cardAllowance,
      pageCacheEntries: config.publicPage.cacheEntries,
      accessTtlMs: config.publicPage.planCheckMs,
      versionCheckMs: config.publicPage.versionCheckMs,
      insights: insights.recorder,
      physicalCardRoute: (key) => physicalCardRoute(db, key),
      movedCardUrl: (cardId) => movedCardUrl(db, cardId),
      jobs,
      outbox,
      walletOffersOf: wallet.service.offersOf,
      hooks: modules,
      leadRateLimit: config.publicPage.leadRateLimit,
      rateLimiter,
      metrics: metrics.registry,
    }),
  );
  const cards = add(createCardsModule({ db, dialect: database.dialect, storage, cardAllowance, hooks: modules }));
  const plans = add(createPlansModule({ db, cards: cards.deps, now: billingTime.now, jobs, outbox, isEveryFeatureIncluded }));
  const billing = add(
    await createBillingModule({
      db,
      baseUrl,
      time: billingTime,
      cardAllowance,
      planChanges: plans.planChanges,
      stripe: config.stripe,
      jobs,
      enterpriseContactUrl: config.enterpriseContactUrl,
      isEveryFeatureIncluded,
    }),
  );
  const contacts = add(createContactsModule({ db, dialect: database.dialect, storage, jobs, hooks: modules }));
  add(
    createIntegrationsModule({
      db,
      jobs,
      logger,
      baseUrl,
      settings: config.integrations,
      callerOf: auth.callerOfUser,
      rateLimiter,
      outbox,
      cards: cards.deps,
      contacts: contacts.deps,
      metrics: metrics.registry,
    }),
  );
  add(createPhysicalCardsModule({ db, cards: cards.deps, baseUrl, rateLimiter, onAddressChanged: (key) => publicCard.service.forgetAddress(key) }));
  add(
    createDesignRequestsModule({
      db,
      storage,
      outbox,
      operatorEmails: accountPolicy.operatorEmails,
      rateLimiter,
      rateLimit: config.designFormRateLimit,
      retentionDays: config.designRequestRetentionDays,
      logger,
    }),
  );
  add(createScannerModule({ contacts: contacts.deps, ai: config.scannerAi, rateLimiter }));
  add(createTeamsModule({ db, secret, cards: cards.deps, cardAllowance, now: billing.deps.now, jobs, outbox, logger }));
  const admin = add(
    createAdminModule({
      db,
      adminEmails: config.adminEmails,
      baseUrl,
      storage,
      jobs: jobs.admin,
      planChanges: plans.planChanges,
      now: billingTime.now,
      version: appVersion,
      designRequestRetentionDays: config.designRequestRetentionDays,
      outbox,
      health: async () => ({
        database: { dialect: database.dialect, isReachable: await isDatabaseReachable(database) },
        storage: { kind: storage.kind, isReachable: await storage.list('health-check/').then(() => true, () => false) },
        mailTransport: mailTransport.kind,
        credentials: wallet.credentialExpiries(),
      }),
    }),
  );
  // Each module archives its own rows (its `accountArchive` part): created after all of them.
  add(
    createAccountArchiveModule({
      db,
      storage,
      jobs,
      outbox,
      baseUrl,
      modules,
      publicCardUrl: (cardId) => permanentCardUrl(baseUrl, cardId),
      cardExists: async (cardId) => (await findCard(db, cardId)) !== null,
      rateLimiter,
    }),
  );
  add(
    createAccountModule({
      db,
      loadAuth: auth.loadAuth,
      storage,
      outbox,
      passwordAttempts: auth.passwordAttempts,
      integrationAccess,
      accountDeletion: modules,
    }),
  );
  add(
    createAccountMovesModule({
      db,
      exportIdsOf: (userId) => listAccountExportIds(db, userId),
      // The new server is asked over the webhooks' SSRF guard; a loopback one only off production or on a
      // server whose own address is a loopback one (tests, a developer's machine).
      policy: { allowsLoopback: config.env !== 'production' || isLocalhostUrl(baseUrl), baseUrl },
      queuePassUpdate: (trx, cardId) => wallet.service.onCardSaving(trx, { cardId, kind: 'saved' }),
      onCardsMoved: (cardIds) => publicCard.service.forgetMovedCards(cardIds),
      rateLimiter,
    }),
  );
  add(createStorageModule({ storage, modules }));
  // Readiness asks whether the runner works; a process built without one (tools, tests) is not judged on it.
  let isJobRunnerStarted: boolean | null = options.startJobs ? false : null;
  add(
    createPlatformModule({
      database,
      publicConfig: { isGoogleEnabled: Boolean(config.google), billingProvider: config.billingProvider },
      version: appVersion,
      isJobRunnerStarted: () => isJobRunnerStarted,
      credentialExpiries: wallet.credentialExpiries,
    }),
  );

  // ---- Jobs --------------------------------------------------------------------------------------------
  // Every module registers its job kinds (and schedules) before any route; the runner starts once the routes are ready.
  for (const module of modules) module.jobs?.(jobs);

  // ---- HTTP --------------------------------------------------------------------------------------------
  // Fastify types these factories with Ajv's compiler types; ours are the zod type provider's.
  const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as SchemaCompilers;
  const app = Fastify({
    // A request in a log line goes through our serializer: no client address, secrets in addresses redacted.
    loggerInstance: logger.child({}, { serializers: { req: requestLogValue } }) as FastifyBaseLogger,
    // No line per request unless ACCESS_LOG is on (below).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Every route's schema is a zod schema: Fastify's own JSON-schema compilers (Ajv, fast-json-stringify) are
    // never built, nor loaded (~3 MB of an idle server).
    schemaController: { compilersFactory: zodCompilers },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (config.accessLog) registerAccessLog(app);
  registerErrorHandler(app, db);
  await registerOverloadGuard(app, config.overload);
  await registerSecurityHeaders(app, { googleIssuer: config.google?.issuer ?? null });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  registerCrossSiteCheck(app, { baseUrl, exemptPaths: modules.flatMap((module) => module.serverCalledPaths ?? []) });
  // Every route under /api declares who may call it; one that does not stops the start here.
  registerRouteGuard(app, {
    signedIn: (request) => request.caller(),
    operator: admin.requireOperator,
    confirmedEmail: requireVerifiedEmail,
    feature: requireFeature,
  });
  for (const module of modules) await module.routes?.(app);
  // The cached public card page and the refusal of password checks under a sign-in flood are answered before
  // Fastify, unless an access log or the metrics must see every request
  // (docs/decisions/0046-public-page-before-the-framework.md). The page is served while the overload guard sheds
  // load too (a 503 through Fastify costs more than the page); once the server closes, Fastify answers.
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  if (!config.accessLog && !metrics.registry.isEnabled) {
    const pageFastPath = publicCard.pageFastPath({ trustProxy: fastifyTrustProxy(config.trustProxy), isBusy: () => isClosing });
    const { passwordFloodRefusal } = auth;
    answerBeforeFastify(app.server, firstOf([pageFastPath, passwordFloodRefusal.answer]));
    // The refusal answers with the headers Fastify gives the auth routes' answers, learned once the app is ready.
    app.addHook('onReady', async () => {
      setImmediate(() => {
        app.inject({ method: 'GET', url: '/api/auth/early-answer-headers' }).then(
          (sample) => passwordFloodRefusal.adoptHeaders(sample.headers),
          () => undefined,
        );
      });
    });
  }
  await registerSpa(app, options.serveWeb === false ? null : (config.webDistDir ?? defaultWebDistDir()));

  if (options.startJobs) {
    app.addHook('onReady', async () => {
      await jobs.start();
      isJobRunnerStarted = true;
    });
  }
  app.addHook('onClose', async () => {
    if (options.startJobs) isJobRunnerStarted = false;
    await jobs.stop();
    mailTransport.close();
    // Newest first: the public page flushes its counts into the insights recorder before that closes.
    for (const module of [...modules].reverse()) await module.close?.();
    await database.destroy();
  });

  return {
    app,
    services: {
      config,
      database,
      loadAuth: auth.loadAuth,
      storage,
      jobs,
      logger,
      cardAllowance,
      cards: cards.deps,
      publicCard: publicCard.service,
      insights: insights.recorder,
      wallet: wallet.service,
      admin: admin.deps,
      metrics,
    },
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
