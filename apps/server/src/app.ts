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
import { createAuth, type Auth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth-routes';
import { registerAccountRoutes } from './modules/account/account-routes';
import type { AccountDeletionStep, TeamClaimsResolver } from './modules/account/account-service';
import { createMailWorker, type MailWorker } from './modules/mail/worker';
import { createLocalMailboxTransport, createSmtpTransport, type MailTransport } from './modules/mail/transport';
import { createLocalStorage, type FileStorage } from './modules/storage/storage';
import { registerFileRoutes } from './modules/storage/file-routes';
import { registerCardRoutes } from './modules/cards/card-routes';
import type { CardLimits } from './modules/cards/card-limits';
import { deleteCardsOfUser } from './modules/cards/card-service';
import { registerContactRoutes } from './modules/contacts/contact-routes';
import { deleteContactsOfUser } from './modules/contacts/contact-service';
import { registerBilling } from './modules/billing/billing-routes';
import { cardAccessForOwner } from './modules/billing/card-access';
import { registerPublicCardRoutes } from './modules/public-card/public-card-routes';
import { createPublicCardService, type PublicCardService } from './modules/public-card/public-card-service';
import { registerSpa } from './web/spa';
import { createTeamClaimsResolver } from './modules/teams/team-claims';
import { registerTeamRoutes } from './modules/teams/team-routes';
import type { ImportWorker } from './modules/teams/team-import';
import { blockedCardsOfOwner, onAccountDeleted as onTeamAccountDeleted, recordSignIn, teamCardAccess } from './modules/teams/team-service';
import { findUserPlan } from './modules/teams/team-repository';

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  storage: FileStorage;
  mailWorker: MailWorker;
  logger: Logger;
  /** The public card page: its visitor counts and background vCard/QR generation (tests flush and settle them). */
  publicCard: PublicCardService;
  /** Runs bulk imports of team members in the background (tests drain it). */
  teamImportWorker: ImportWorker;
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

export function createLogger(config: Config): Logger {
  return pino({ level: config.env === 'test' ? 'silent' : config.logLevel });
}

/**
 * The composition root: infrastructure from configuration, then the feature modules, then the SPA.
 * Nothing else constructs services; features receive what they need as arguments.
 */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cards.sqlite') });
  await migrateToLatest(database);

  const storage =
    options.storage ??
    (config.storage.s3
      ? await (await import('./modules/storage/s3-storage')).createS3Storage(config.storage.s3)
      : createLocalStorage(path.join(config.dataDir, 'files')));
  const mailTransport =
    options.mailTransport ??
    (config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl)
      : createLocalMailboxTransport(path.join(config.dataDir, 'mailbox')));
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    config,
    secret: resolveAuthSecret(config),
    logger,
    onSessionCreated: (userId) => recordSignIn(database.db, userId),
  });
  const mailWorker = createMailWorker({
    db: database.db,
    transport: mailTransport,
    from: config.mail.from,
    baseUrl: config.baseUrl,
    logger,
    intervalMs: config.mail.workerIntervalMs,
  });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, database.db);

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

  const accountDeletionSteps: AccountDeletionStep[] = [];
  const resolveTeamClaims: TeamClaimsResolver = createTeamClaimsResolver(database.db);

  app.get('/healthz', async (_request, reply) => {
    const isReady = await isDatabaseReachable(database);
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'database unreachable' });
  });
  app.get('/api/public-config', async () => ({ isGoogleEnabled: Boolean(config.google) }));
  registerAuthRoutes(app, auth);
  registerAccountRoutes(app, { db: database.db, auth, storage, accountDeletionSteps, resolveTeamClaims });
  registerFileRoutes(app, storage);
  // Spec §4: which cards the plan's card limit blocks, one answer for the public page and the cards list.
  // Team-aware (issue 7): a team's cards share the Teams allowance.
  const blockedCardsOf = (ownerId: string) =>
    blockedCardsOfOwner({ db: database.db, now: billing.now }, (id) => billing.cardAccessForOwner(id), ownerId);
  const cardLimits: CardLimits = {
    // A team card, and a card of a team owner in team mode, takes one of the team's places (the team's
    // allowance counts the owner's and the members' team cards together); any other card one of its
    // owner's own plan.
    roomFor: async (card, db) => {
      const teamOwnerId = card.teamOwnerId ?? ((await findUserPlan(db, card.ownerId)) === 'team' ? card.ownerId : null);
      return teamOwnerId
        ? { ...(await teamCardAccess({ db, now: billing.now }, teamOwnerId)), plan: 'team' }
        : cardAccessForOwner(db, card.ownerId, billing.now());
    },
    blockedCardIdsOf: async (ownerId) => (await blockedCardsOf(ownerId)).blockedCardIds,
  };
  const publicCard = createPublicCardService({
    db: database.db,
    storage,
    baseUrl: config.baseUrl,
    resolveTeamClaims,
    cardAccessForOwner: blockedCardsOf,
    pageCacheEntries: config.publicPage.cacheEntries,
    accessTtlMs: config.publicPage.planCheckMs,
    versionCheckMs: config.publicPage.versionCheckMs,
    statsFlushIntervalMs: config.publicPage.statsFlushMs,
  });
  const cardsDeps = {
    db: database.db,
    dialect: database.dialect,
    storage,
    resolveTeamClaims,
    onCardChanged: publicCard.onCardChanged,
    cardLimits,
  };
  registerCardRoutes(app, { ...cardsDeps, auth });
  // Before the cards step: a member's team cards stay with the team instead of going with the account.
  accountDeletionSteps.push((userId) => onTeamAccountDeleted({ db: database.db, now: () => new Date() }, userId));
  accountDeletionSteps.push((userId) => deleteCardsOfUser(cardsDeps, userId));
  const billing = registerBilling(app, {
    db: database.db,
    auth,
    baseUrl: config.baseUrl,
    provider: config.stripe
      ? await (await import('./modules/billing/stripe-provider')).createStripePaymentProvider(config.stripe)
      : undefined,
    enterpriseContactUrl: config.enterpriseContactUrl,
    isTestClockEnabled: config.isBillingTestClockEnabled,
  });
  // First of the steps: when the provider cannot be reached the account stays whole, so it can try again.
  accountDeletionSteps.unshift((userId) => billing.cancelSubscriptionsOfUser(userId));
  const contactsDeps = { db: database.db, resolveTeamClaims };
  registerContactRoutes(app, { ...contactsDeps, auth, requireFeature: billing.requireFeature });
  accountDeletionSteps.push((userId) => deleteContactsOfUser(contactsDeps, userId));
  const teams = registerTeamRoutes(app, {
    db: database.db,
    auth,
    logger,
    secret: resolveAuthSecret(config),
    resolveTeamClaims,
    cards: cardsDeps,
    now: billing.now,
  });

  await registerPublicCardRoutes(app, publicCard, { leadRateLimit: config.publicPage.leadRateLimit });

  await registerSpa(app, options.serveWeb === false ? null : (config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist')));

  app.addHook('onClose', async () => {
    await mailWorker.stop();
    await publicCard.close();
    await database.destroy();
  });

  return { app, services: { config, database, auth, storage, mailWorker, logger, publicCard, teamImportWorker: teams.importWorker } };
}
