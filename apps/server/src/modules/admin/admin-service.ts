import type { FastifyRequest } from 'fastify';
import {
  adminTexts,
  registrationPolicy,
  type AdminPlanOverrideInput,
  type AdminUserDetail,
  type AdminUserSummary,
  type RegistrationPolicy,
} from '@cardstack/shared/admin/schemas';
import type { DesignRequestStatus } from '@cardstack/shared/design-requests/schemas';
import type { AnyConnection } from '../../db/schema';
import { listRecentErrors } from '../../http/error-log';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { JobAdmin, JobStatus } from '../../jobs/jobs-module';
import { deleteSessions, turnOffSecondFactors, type Caller } from '../auth/auth-module';
import { findOperatorGrant, setOperatorGrant, type PlanChangeHooks } from '../billing/billing-module';
import { countCardsOfOwner } from '../cards/cards-module';
import { countUndelivered, listRecentMail, operatorResetDetail, type MailOutbox } from '../mail/mail-module';
import { designRequestFile, listDesignRequests, setDesignRequestStatus } from '../design-requests/design-requests-module';
import { createPreorderBatch, findPreorderBatch, listPreorderBatches, listPreordersOfBatch, physicalCardUrl, preorderCsv } from '../physical-cards/physical-cards-module';
import type { FileStorage } from '../storage/storage-module';
import { isAddressInvited } from '../teams/teams-module';
import * as repository from './admin-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';

export interface AdminDeps {
  db: AnyConnection;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: readonly string[];
  baseUrl: string;
  storage: FileStorage;
  jobs: JobAdmin;
  /** The plans module's hooks: an operator's plan change has the same effects as a paid one. */
  planChanges?: PlanChangeHooks;
  now: () => Date;
  health: () => Promise<{
    database: { dialect: string; isReachable: boolean };
    storage: { kind: string; isReachable: boolean };
    mailTransport: string;
    /** The wallet credentials' expiry (the wallet module reads them). */
    credentials: { credential: string; expiresAt: string | null; daysLeft: number | null }[];
  }>;
  version: string;
  /** DESIGN_REQUEST_RETENTION_DAYS, shown with the requests. */
  designRequestRetentionDays: number;
  /** The notice to a person whose account an operator changed. */
  outbox: MailOutbox;
}

/** Who did an operator action: a signed-in operator, or the command line. */
export interface Actor {
  userId: string | null;
  email: string;
}
export const commandLineActor: Actor = { userId: null, email: 'command line' };

// ---- Who is an operator ------------------------------------------------------------------------------------------

/**
 * An operator: an address in ADMIN_EMAILS once its owner confirmed it (nobody becomes operator by signing up
 * with that address before its owner does), or a user promoted with the CLI. A disabled account is neither.
 */
export async function isOperator(deps: Pick<AdminDeps, 'db' | 'adminEmails'>, user: { userId: string; email: string; emailVerified: boolean }): Promise<boolean> {
  const flags = await repository.operatorFlagsOf(deps.db, user.userId);
  if (flags.isDisabled) return false;
  if (flags.isAdmin) return true;
  return user.emailVerified && deps.adminEmails.includes(user.email.toLowerCase());
}

/** Route option for every /api/admin route: 401 signed out, 403 for anyone but an operator. */
export function operatorOnly(deps: Pick<AdminDeps, 'db' | 'adminEmails'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = await request.caller();
    if (!(await isOperator(deps, caller))) throw forbidden(keyed('notAdmin'));
  };
}

export const actorOf = (caller: Pick<Caller, 'userId' | 'email'>): Actor => ({ userId: caller.userId, email: caller.email });

/** The addresses operator mail goes to: ADMIN_EMAILS and the promoted operators. */
export async function operatorEmails(deps: Pick<AdminDeps, 'db' | 'adminEmails'>): Promise<string[]> {
  return [...new Set([...deps.adminEmails, ...(await repository.listPromotedEmails(deps.db))])];
}

async function audit(db: AnyConnection, actor: Actor, action: string, targetId: string | null, before: unknown, after: unknown): Promise<void> {
  await repository.insertAudit(db, { actorId: actor.userId, actorEmail: actor.email, action, targetId, before, after }, new Date().toISOString());
}

// ---- Accounts: sign-up policy, disabled accounts -------------------------------------------------------------------

const policyKey = 'registration-policy';
const openPolicy: RegistrationPolicy = { mode: 'open', domains: [] };

export async function readRegistrationPolicy(db: AnyConnection): Promise<RegistrationPolicy> {
  const stored = await repository.readSetting(db, policyKey);
  if (!stored) return openPolicy;
  const parsed = registrationPolicy.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : openPolicy;
}

/**
 * Whether a new account with this address may be created (email sign-up and a first Google sign-in alike):
 * null when it may, else the message that says why not. Operators' own addresses always may.
 */
export async function signUpRefusal(deps: Pick<AdminDeps, 'db' | 'adminEmails' | 'now'>, email: string): Promise<string | null> {
  const address = email.trim().toLowerCase();
  if (deps.adminEmails.includes(address)) return null;
  const policy = await readRegistrationPolicy(deps.db);
  if (policy.mode === 'open') return null;
  if (await isAddressInvited(deps.db, address, deps.now())) return null;
  if (policy.mode === 'invitation') return adminTexts.invitationOnly;
  const domain = address.split('@').pop() ?? '';
  return policy.domains.includes(domain) ? null : adminTexts.domainNotAllowed;
}

/** While sign-up is not open to everyone, an account must confirm its address before it may do anything. */
export async function isConfirmationRequired(db: AnyConnection): Promise<boolean> {
  return (await readRegistrationPolicy(db)).mode !== 'open';
}

export async function isAccountDisabled(db: AnyConnection, userId: string): Promise<boolean> {
  return (await repository.operatorFlagsOf(db, userId)).isDisabled;
}

export async function setRegistrationPolicy(deps: AdminDeps, actor: Actor, policy: RegistrationPolicy): Promise<RegistrationPolicy> {
  return deps.db.transaction().execute(async (trx: AnyConnection) => {
    const before = await readRegistrationPolicy(trx);
    await repository.writeSetting(trx, policyKey, JSON.stringify(policy), new Date().toISOString());
    await audit(trx, actor, 'registration-policy.set', null, before, policy);
    return policy;
  });
}

// ---- Users ----------------------------------------------------------------------------------------------------

const usersPerPage = 50;

function summaryOf(row: repository.UserRow, adminEmails: readonly string[]): AdminUserSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    createdAt: row.createdAt,
    isDisabled: row.isDisabled,
    isAdmin: !row.isDisabled && (row.isAdmin || (row.emailVerified && adminEmails.includes(row.email.toLowerCase()))),
  };
}

export async function listUsers(deps: AdminDeps, search: string, page: number): Promise<{ users: AdminUserSummary[]; total: number }> {
  const found = await repository.searchUsers(deps.db, search, usersPerPage, (page - 1) * usersPerPage);
  return { users: found.users.map((row) => summaryOf(row, deps.adminEmails)), total: found.total };
}

export async function getUser(deps: AdminDeps, userId: string): Promise<AdminUserDetail> {
  const row = await repository.findUser(deps.db, { id: userId });
  if (!row) throw notFound(keyed('userNotFound'));
  const grant = await findOperatorGrant(deps.db, userId);
  return {
    ...summaryOf(row, deps.adminEmails),
    emailVerified: row.emailVerified,
    cardCount: await countCardsOfOwner(deps.db, userId),
    operatorGrant: grant,
    cardLimitation: grant?.cardLimitation ?? null,
  };
}

/**
 * Overrides a user's plan: Pro or Teams (with a size and/or a `card_limitation`) is granted until taken back;
 * Basic takes the grant back (the user keeps whatever they pay for). Audited with the state before and after.
 */
export async function overridePlan(deps: AdminDeps, actor: Actor, userId: string, input: Required<AdminPlanOverrideInput>): Promise<AdminUserDetail> {
  const before = await getUser(deps, userId);
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const grant = input.plan === 'basic' ? null : { plan: input.plan, teamTier: input.plan === 'team' ? input.teamTier : null, cardLimitation: input.cardLimitation };
    await setOperatorGrant(trx, userId, grant, deps.now(), deps.planChanges);
    await audit(trx, actor, 'user.plan', userId, { plan: before.plan, grant: before.operatorGrant }, { grant });
  });
  return getUser(deps, userId);
}

/** Disables (or enables again) an account: a disabled one cannot sign in and its sessions end now. */
export async function setAccountDisabled(deps: AdminDeps, actor: Actor, userId: string, isDisabled: boolean): Promise<AdminUserDetail> {
  if (actor.userId === userId && isDisabled) throw badRequest(keyed('cannotDisableSelf'));
  const before = await getUser(deps, userId);
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.setOperatorFlag(trx, userId, 'is_disabled', isDisabled, new Date().toISOString());
    if (isDisabled) await deleteSessions(trx, userId);
    await audit(trx, actor, isDisabled ? 'user.disable' : 'user.enable', userId, { isDisabled: before.isDisabled }, { isDisabled });
  });
  return getUser(deps, userId);
}

/** `npm run admin -- promote <email>`: makes an existing account an operator. */
export async function promoteUser(deps: AdminDeps, actor: Actor, email: string): Promise<{ userId: string; email: string }> {
  const row = await repository.findUser(deps.db, { email });
  if (!row) throw notFound(keyed('noAccountToPromote', { email }));
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.setOperatorFlag(trx, row.id, 'is_admin', true, new Date().toISOString());
    await audit(trx, actor, 'user.promote', row.id, { isAdmin: row.isAdmin }, { isAdmin: true });
  });
  return { userId: row.id, email: row.email };
}

/**
 * `npm run admin -- reset-two-factor <email>`: for someone who lost their phone. Two-factor sign-in and the
 * passkeys go, every session ends, the user is mailed and the audit log says who did it — in one transaction.
 */
export async function resetTwoFactor(deps: AdminDeps, actor: Actor, email: string): Promise<{ email: string; passkeyCount: number; hadTwoFactor: boolean }> {
  const row = await repository.findUser(deps.db, { email });
  if (!row) throw notFound(keyed('noAccountWithEmail', { email }));
  const turnedOff = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const result = await turnOffSecondFactors(trx, row.id);
    await audit(trx, actor, 'user.reset-two-factor', row.id, { twoFactorEnabled: result.hadTwoFactor, passkeys: result.passkeyCount }, { twoFactorEnabled: false, passkeys: 0 });
    await deps.outbox.securityNotice(trx, row.email, {
      displayName: row.name,
      change: 'two-factor-disabled',
      detail: operatorResetDetail,
    });
    return result;
  });
  return { email: row.email, ...turnedOff };
}

/**
 * `npm run admin -- demote <email>`: takes back what `promote` gave. An address in ADMIN_EMAILS stays an
 * operator whatever the flag says (the configuration wins), so the answer says whether it still is one.
 */
export async function demoteUser(deps: AdminDeps, actor: Actor, email: string): Promise<{ email: string; wasPromoted: boolean; isStillOperatorByConfig: boolean }> {
  const row = await repository.findUser(deps.db, { email });
  if (!row) throw notFound(keyed('noAccountWithEmail', { email }));
  if (row.isAdmin) {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      await repository.setOperatorFlag(trx, row.id, 'is_admin', false, new Date().toISOString());
      await audit(trx, actor, 'user.demote', row.id, { isAdmin: true }, { isAdmin: false });
    });
  }
  return { email: row.email, wasPromoted: row.isAdmin, isStillOperatorByConfig: deps.adminEmails.includes(row.email.toLowerCase()) };
}

// ---- Pre-order batches -----------------------------------------------------------------------------------------

export async function createBatch(deps: AdminDeps, actor: Actor, input: { productId: string; productName: string; count: number }) {
  return deps.db.transaction().execute(async (trx: AnyConnection) => {
    const created = await createPreorderBatch(trx, input, actor.userId);
    await audit(trx, actor, 'preorders.create', created.batchId, null, { ...input });
    return created;
  });
}

export const listBatches = (deps: AdminDeps) => listPreorderBatches(deps.db);

export async function batchDetail(deps: AdminDeps, batchId: string) {
  const batch = await findPreorderBatch(deps.db, batchId);
  if (!batch) throw notFound(keyed('batchNotFound'));
  const preorders = await listPreordersOfBatch(deps.db, batchId);
  return {
    batch,
    preorders: preorders.map((row) => ({ id: row.id, url: physicalCardUrl(deps.baseUrl, row.id), activated: row.isActivated, activatedAt: row.activatedAt })),
  };
}

/** The batch for the printer and the NFC encoder: `id,url,qr` (the QR code's SVG address). */
export async function batchCsv(deps: AdminDeps, batchId: string): Promise<{ fileName: string; csv: string }> {
  const { batch, preorders } = await batchDetail(deps, batchId);
  const csv = preorderCsv(
    deps.baseUrl,
    preorders.map((row) => row.id),
    { withQr: (id) => `${deps.baseUrl}/api/physical-cards/preorders/${id}/qr.svg` },
  );
  const safeProduct = batch.productId.replace(/[^A-Za-z0-9_-]/g, '') || 'batch';
  return { fileName: `preorders-${safeProduct}-${batch.createdAt.slice(0, 10)}.csv`, csv };
}

// ---- Requests, mail, jobs, errors, health, audit ------------------------------------------------------------------

export const listRequests = (deps: AdminDeps, status?: DesignRequestStatus) => listDesignRequests(deps.db, status);

export async function changeRequestStatus(deps: AdminDeps, actor: Actor, id: string, status: DesignRequestStatus) {
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const change = await setDesignRequestStatus(trx, id, status);
    await audit(trx, actor, `${change.kind}.status`, id, { status: change.before }, { status: change.after });
  });
}

export async function requestFile(deps: AdminDeps, id: string, field: string) {
  const file = await designRequestFile(deps.db, id, field);
  const stored = file ? await deps.storage.get(file.key) : null;
  if (!file || !stored) throw notFound(keyed('fileNotFound'));
  return { ...file, stored };
}

export const listOutbox = (deps: AdminDeps) => listRecentMail(deps.db, 200);

export async function listJobs(deps: AdminDeps, status?: JobStatus) {
  const [counts, jobs] = await Promise.all([deps.jobs.counts(), deps.jobs.list({ ...(status ? { status } : {}), limit: 100 })]);
  return {
    counts,
    jobs: jobs.map((job) => ({ id: job.id, kind: job.kind, status: job.status, attempts: job.attempts, runAt: job.runAt, lastError: job.lastError ?? null })),
  };
}

export async function retryJob(deps: AdminDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.jobs.retry(id))) throw new AppError(409, 'not-retried', keyed('jobNotRetried'));
  await audit(deps.db, actor, 'job.retry', id, null, null);
}

export const listErrors = (deps: AdminDeps) => listRecentErrors(deps.db, 200);
export const listAudit = (deps: AdminDeps) => repository.listAudit(deps.db, 200);

export async function instanceHealth(deps: AdminDeps) {
  const [health, mail] = await Promise.all([deps.health(), countUndelivered(deps.db)]);
  return {
    database: health.database,
    storage: health.storage,
    mail: { transport: health.mailTransport, ...mail },
    versions: { node: process.version, app: deps.version },
    uptimeSeconds: Math.round(process.uptime()),
    credentials: health.credentials,
  };
}
