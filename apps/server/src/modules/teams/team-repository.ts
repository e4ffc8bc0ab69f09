import { sql, type Kysely, type Selectable } from 'kysely';
import { normaliseRolesMatrix, type RolesMatrix, type TeamRole } from '@cardstack/shared/teams/roles';
import { userView } from '../auth/auth-module';
import { planView } from '../billing/billing-module';
import type { TeamImportJobTable, TeamInvitationTable, TeamMemberTable, TeamTables } from './teams-tables';

/*
 * The only place that knows how teams are stored. Every function takes the database or a transaction first.
 */

type Db = Kysely<TeamTables>;
export type MemberRow = Selectable<TeamMemberTable>;
export type InvitationRow = Selectable<TeamInvitationTable>;
export type ImportJobRow = Selectable<TeamImportJobTable>;

export function toTeamRole(value: string): TeamRole {
  return value === 'admin' ? 'admin' : 'employee';
}

// ---- Claims --------------------------------------------------------------------------------------------

/** The accepted membership of a user, with the team owner's plan (kept in step by billing). */
export function findMembershipOfUser(db: Db, userId: string) {
  return db
    .selectFrom('team_member')
    .innerJoin(planView().as('owner'), 'owner.id', 'team_member.team_owner_id')
    .select(['team_member.id', 'team_member.team_owner_id', 'team_member.role', 'owner.plan as owner_plan'])
    .where('team_member.user_id', '=', userId)
    .where('team_member.is_accepted', '=', 1)
    .executeTakeFirst();
}

/** A user as the teams screens and mails name them, with their plan. */
export function findUser(db: Db, userId: string) {
  return db
    .selectFrom(userView().as('user'))
    .innerJoin(planView().as('user_plan'), 'user_plan.id', 'user.id')
    .select(['user.id', 'user.name', 'user.email', 'user_plan.plan'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom(userView().as('user')).select(['id', 'name', 'email']).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

// ---- Roles ---------------------------------------------------------------------------------------------

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A team's matrix; a team that never saved one has the defaults. */
export async function readRoles(db: Db, teamOwnerId: string): Promise<RolesMatrix> {
  const row = await db.selectFrom('team_roles').select(['admin', 'employee']).where('team_owner_id', '=', teamOwnerId).executeTakeFirst();
  if (!row) return normaliseRolesMatrix(null);
  const asRows = (value: unknown) => (Array.isArray(value) ? (value as { name: string; checked: boolean }[]) : undefined);
  return normaliseRolesMatrix({ admin: asRows(parseJson(row.admin)), employee: asRows(parseJson(row.employee)) });
}

export async function saveRoles(db: Db, teamOwnerId: string, matrix: RolesMatrix, now: string): Promise<void> {
  const values = { admin: JSON.stringify(matrix.admin), employee: JSON.stringify(matrix.employee), updated_at: now };
  await db
    .insertInto('team_roles')
    .values({ team_owner_id: teamOwnerId, ...values })
    .onConflict((oc) => oc.column('team_owner_id').doUpdateSet(values))
    .execute();
}

// ---- Members -------------------------------------------------------------------------------------------

/**
 * Oldest first. A bulk import adds several members within one millisecond, and ids are random: members added at
 * the same moment are listed by email, an order people can predict.
 */
export function listMembers(db: Db, teamOwnerId: string): Promise<MemberRow[]> {
  return db.selectFrom('team_member').selectAll().where('team_owner_id', '=', teamOwnerId).orderBy('created_at', 'asc').orderBy('email', 'asc').execute();
}

export async function countMembers(db: Db, teamOwnerId: string): Promise<number> {
  const row = await db.selectFrom('team_member').select(sql<number>`count(*)`.as('count')).where('team_owner_id', '=', teamOwnerId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findMember(db: Db, teamOwnerId: string, memberId: string): Promise<MemberRow | null> {
  return (await db.selectFrom('team_member').selectAll().where('team_owner_id', '=', teamOwnerId).where('id', '=', memberId).executeTakeFirst()) ?? null;
}

export async function findMemberById(db: Db, memberId: string): Promise<MemberRow | null> {
  return (await db.selectFrom('team_member').selectAll().where('id', '=', memberId).executeTakeFirst()) ?? null;
}

export async function findMemberByEmail(db: Db, teamOwnerId: string, email: string): Promise<MemberRow | null> {
  return (await db.selectFrom('team_member').selectAll().where('team_owner_id', '=', teamOwnerId).where('email', '=', email).executeTakeFirst()) ?? null;
}

/** Whether the user owns a team that has anyone in it. */
export async function hasMembers(db: Db, teamOwnerId: string): Promise<boolean> {
  return (await db.selectFrom('team_member').select('id').where('team_owner_id', '=', teamOwnerId).limit(1).executeTakeFirst()) !== undefined;
}

export async function insertMember(db: Db, row: MemberRow): Promise<void> {
  await db.insertInto('team_member').values(row).execute();
}

export async function updateMemberRole(db: Db, memberId: string, role: TeamRole, now: string): Promise<void> {
  await db.updateTable('team_member').set({ role, updated_at: now }).where('id', '=', memberId).execute();
}

export async function setPendingCard(db: Db, memberId: string, pendingCard: string | null, now: string): Promise<void> {
  await db.updateTable('team_member').set({ pending_card: pendingCard, updated_at: now }).where('id', '=', memberId).execute();
}

export async function deleteMember(db: Db, memberId: string): Promise<void> {
  await db.deleteFrom('team_member').where('id', '=', memberId).execute();
}

/** Accepting: the member row gets the user and the timestamps; only a still pending row changes. */
export async function markMemberAccepted(db: Db, memberId: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('team_member')
    .set((eb) => ({
      user_id: userId,
      is_accepted: 1,
      first_login_at: eb.fn.coalesce('first_login_at', eb.val(now)),
      last_login_at: now,
      updated_at: now,
    }))
    .where('id', '=', memberId)
    .where('is_accepted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A member's first and last sign-in times, kept up to date on every sign-in of a member. */
export async function recordMemberSignIn(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('team_member')
    .set((eb) => ({ first_login_at: eb.fn.coalesce('first_login_at', eb.val(now)), last_login_at: now }))
    .where('user_id', '=', userId)
    .where('is_accepted', '=', 1)
    .execute();
}

// ---- Invitations ---------------------------------------------------------------------------------------

export async function insertInvitation(db: Db, row: InvitationRow): Promise<void> {
  await db.insertInto('team_invitation').values(row).execute();
}

export async function findInvitationByHash(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  return (await db.selectFrom('team_invitation').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()) ?? null;
}

/** Every still usable link of a member stops working (resend, revoke, remove, accept). */
/** The language of the member's latest invitation, for a resent one. */
export async function latestInvitationLanguage(db: Db, memberId: string): Promise<string | null> {
  const row = await db.selectFrom('team_invitation').select('language').where('member_id', '=', memberId).orderBy('created_at', 'desc').executeTakeFirst();
  return row?.language ?? null;
}

export async function revokeOpenInvitations(db: Db, memberId: string): Promise<void> {
  await db
    .updateTable('team_invitation')
    .set({ is_revoked: 1 })
    .where('member_id', '=', memberId)
    .where('is_revoked', '=', 0)
    .where('accepted_at', 'is', null)
    .execute();
}

export async function markInvitationAccepted(db: Db, invitationId: string, now: string): Promise<void> {
  await db.updateTable('team_invitation').set({ accepted_at: now }).where('id', '=', invitationId).execute();
}

/** The newest open link of each pending member of a team, for "expires on". */
export async function latestInvitationExpiries(db: Db, teamOwnerId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('team_invitation')
    .select(['member_id', sql<string>`max(expires_at)`.as('expires_at')])
    .where('team_owner_id', '=', teamOwnerId)
    .where('is_revoked', '=', 0)
    .where('accepted_at', 'is', null)
    .where('member_id', 'is not', null)
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((row) => [row.member_id!, row.expires_at]));
}

// ---- Import jobs ---------------------------------------------------------------------------------------

export async function insertImportJob(db: Db, row: ImportJobRow): Promise<void> {
  await db.insertInto('team_import_job').values(row).execute();
}

export async function findImportJob(db: Db, teamOwnerId: string, jobId: string): Promise<ImportJobRow | null> {
  return (await db.selectFrom('team_import_job').selectAll().where('team_owner_id', '=', teamOwnerId).where('id', '=', jobId).executeTakeFirst()) ?? null;
}

export async function findImportJobById(db: Db, jobId: string): Promise<ImportJobRow | null> {
  return (await db.selectFrom('team_import_job').selectAll().where('id', '=', jobId).executeTakeFirst()) ?? null;
}

/**
 * Takes an import for one run of its job: a queued one, or a running one whose earlier run stopped (the job
 * engine only starts a new run once the old one lost the job). False when it is already finished.
 */
export async function claimImportJob(db: Db, jobId: string, heldBy: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('team_import_job')
    .set({ status: 'running', held_by: heldBy, updated_at: now })
    .where('id', '=', jobId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Saves progress while `heldBy` still holds the import; false when another run took it over. */
export async function saveImportProgress(
  db: Db,
  jobId: string,
  heldBy: string,
  progress: Pick<ImportJobRow, 'processed_rows' | 'created_count' | 'skipped_count' | 'rejected_count' | 'report' | 'updated_at'>,
): Promise<boolean> {
  const result = await db.updateTable('team_import_job').set(progress).where('id', '=', jobId).where('held_by', '=', heldBy).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishImportJob(db: Db, jobId: string, heldBy: string, status: 'done' | 'failed', error: string | null, now: string): Promise<void> {
  await db
    .updateTable('team_import_job')
    .set({ status, error, lease_until: null, finished_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('held_by', '=', heldBy)
    .execute();
}

/** Whether an invitation to this address (lower-cased) is open: not revoked, not accepted, not expired. */
export async function hasOpenInvitation(db: Db, email: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_invitation')
    .select('id')
    .where('email', '=', email)
    .where('is_revoked', '=', 0)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
