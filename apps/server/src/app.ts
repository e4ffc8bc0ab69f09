import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { resolveAuthSecret, type Config } from './config';
import { isDatabaseReachable, migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { registerErrorHandler } from './http/errors';
import { registerAccountRoutes, type AccountDeletionStep } from './modules/account/account-module';
import { createAuth, registerAuthRoutes, registerCallerHook, type Auth } from './modules/auth/auth-module';
import {
  cancelSubscriptionsOfUser,
  createBilling,
  createBillingTime,
  loadStripePaymentProvider,
  planStateOf,
  registerBillingRoutes,
} from './modules/billing/billing-module';
import { createCardAllowance, type CardAllowanceService } from './modules/card-allowance/card-allowance-module';
import { deleteCardsOfUser, registerCardRoutes, type CardsDeps } from './modules/cards/cards-module';
import { deleteContactsOfUser, registerContactRoutes, type ContactsDeps } from './modules/contacts/contacts-module';
import {
  createLocalMailboxTransport,
  createMailWorker,
  createSmtpTransport,
  type MailTransport,
  type MailWorker,
} from './modules/mail/mail-module';
import { createPlanDowngrades } from './modules/plans/plans-module';
import { createPublicCardService, registerPublicCardRoutes, type PublicCardService } from './modules/public-card/public-card-module';
import { createLocalStorage, loadS3Storage, registerFileRoutes, type FileStorage } from './modules/storage/storage-module';
import { createTeamClaimsResolver, onAccountDeleted, recordSignIn, registerTeamRoutes, type TeamModule, type TeamsDeps } from './modules/teams/teams-module';
import { registerSpa } from './web/spa';

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  storage: FileStorage;
  mailWorker: MailWorker;
  logger: Logger;
  /** The card allowance of every plan (tests ask it directly). */
  cardAllowance: CardAllowanceService;
  /** The cards module's dependencies (benchmarks call its use cases directly). */
  cards: CardsDeps;
  /** The public card page: its visitor counts and background vCard/QR generation (tests flush and settle them). */
  publicCard: PublicCardService;
  /** Runs bulk imports of team members in the background (tests drain it). */
  teamImportWorker: TeamModule['importWorker'];
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
}

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
  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cards.sqlite') });
  await migrateToLatest(database);
  const db = database.db;
  const storage =
    options.storage ??
    (config.storage.s3 ? await loadS3Storage(config.storage.s3) : createLocalStorage(path.join(config.dataDir, 'files')));
  const mailTransport =
    options.mailTransport ??
    (config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createLocalMailboxTransport(path.join(config.dataDir, 'mailbox')));
  const secret = resolveAuthSecret(config);

  // ---- Services ----------------------------------------------------------------------------------------
  const auth = createAuth({
    db,
    dialect: database.dialect,
    config,
    secret,
    logger,
    onSessionCreated: (userId) => recordSignIn(db, userId),
  });
  const resolveTeamClaims = createTeamClaimsResolver(db);
  const billingTime = createBillingTime({ isAdjustable: config.isBillingTestClockEnabled });
  const cardAllowance = createCardAllowance({ db, now: billingTime.now, planStateOf });
  const publicCard = createPublicCardService({
    db,
    storage,
    baseUrl: config.baseUrl,
    resolveTeamClaims,
    cardAllowance,
    pageCacheEntries: config.publicPage.cacheEntries,
    accessTtlMs: config.publicPage.planCheckMs,
    versionCheckMs: config.publicPage.versionCheckMs,
    statsFlushIntervalMs: config.publicPage.statsFlushMs,
  });
  const cards: CardsDeps = { db, dialect: database.dialect, storage, cardAllowance, onCardChanged: publicCard.onCardChanged };
  // What a downgrade does at the period end; billing reports plan changes to it.
  const planChanges = createPlanDowngrades({ db, cards, now: billingTime.now });
  const billing = createBilling({
    db,
    baseUrl: config.baseUrl,
    time: billingTime,
    cardAllowance,
    planChanges,
    provider: config.stripe ? await loadStripePaymentProvider(config.stripe) : undefined,
    enterpriseContactUrl: config.enterpriseContactUrl,
  });
  const contacts: ContactsDeps = { db };
  const teams: TeamsDeps = { db, secret, cards, cardAllowance, now: billing.now };
  const accountDeletionSteps: readonly AccountDeletionStep[] = [
    // First: when the payment provider cannot be reached the account stays whole, so the person can try again.
    (userId) => cancelSubscriptionsOfUser(billing, userId),
    // Before the cards step: a member's team cards stay with the team instead of going with the account.
    (userId) => onAccountDeleted(teams, userId),
    (userId) => deleteCardsOfUser(cards, userId),
    (userId) => deleteContactsOfUser(contacts, userId),
  ];

  // ---- Jobs --------------------------------------------------------------------------------------------
  // Background work is set up here, after the services it runs and before any route. The mail worker is
  // started by main.ts; the team import runner, the billing clock and the visitor-count flush still start
  // inside their modules until they move onto the job engine.
  const mailWorker = createMailWorker({
    db,
    transport: mailTransport,
    from: config.mail.from,
    baseUrl: config.baseUrl,
    logger,
    intervalMs: config.mail.workerIntervalMs,
  });

  // ---- Routes ------------------------------------------------------------------------------------------
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, db);
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
  registerCallerHook(app, { auth, resolveTeamClaims });

  app.get('/healthz', async (_request, reply) => {
    const isReady = await isDatabaseReachable(database);
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'database unreachable' });
  });
  app.get('/api/public-config', async () => ({ isGoogleEnabled: Boolean(config.google) }));
  registerAuthRoutes(app, auth);
  registerAccountRoutes(app, { db, auth, storage, accountDeletionSteps });
  registerFileRoutes(app, storage);
  registerBillingRoutes(app, billing);
  registerCardRoutes(app, cards);
  registerContactRoutes(app, contacts);
  const teamRoutes = registerTeamRoutes(app, { ...teams, logger });
  await registerPublicCardRoutes(app, publicCard, { leadRateLimit: config.publicPage.leadRateLimit });
  await registerSpa(app, options.serveWeb === false ? null : (config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist')));

  app.addHook('onClose', async () => {
    await mailWorker.stop();
    await publicCard.close();
    await database.destroy();
  });

  return {
    app,
    services: { config, database, auth, storage, mailWorker, logger, cardAllowance, cards, publicCard, teamImportWorker: teamRoutes.importWorker },
  };
}
