import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { toIsoString } from '../../db/schema';
import { userView } from '../auth/auth-module';
import { planView } from '../billing/billing-module';
import type { AdminTables } from './admin-tables';

type Db = Kysely<AdminTables>;

// ---- Operator flags -------------------------------------------------------------------------------------------

export async function operatorFlagsOf(db: Db, userId: string): Promise<{ isAdmin: boolean; isDisabled: boolean }> {
  const row = await db.selectFrom('operator_account').select(['is_admin', 'is_disabled']).where('user_id', '=', userId).executeTakeFirst();
  return { isAdmin: Number(row?.is_admin ?? 0) === 1, isDisabled: Number(row?.is_disabled ?? 0) === 1 };
}

export async function setOperatorFlag(db: Db, userId: string, flag: 'is_admin' | 'is_disabled', value: boolean, now: string): Promise<void> {
  await db
    .insertInto('operator_account')
    .values({ user_id: userId, is_admin: flag === 'is_admin' && value ? 1 : 0, is_disabled: flag === 'is_disabled' && value ? 1 : 0, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ [flag]: value ? 1 : 0, updated_at: now }))
    .execute();
}

export async function listPromotedEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('operator_account')
    .innerJoin(userView().as('user'), 'user.id', 'operator_account.user_id')
    .select('user.email')
    .where('operator_account.is_admin', '=', 1)
    .where('operator_account.is_disabled', '=', 0)
    .execute();
  return rows.map((row) => row.email.toLowerCase());
}

// ---- Users ------------------------------------------------------------------------------------------------------

export interface UserRow {
  id: string;
  name: string;
  email: string;
  plan: string;
  emailVerified: boolean;
  createdAt: string;
  isAdmin: boolean;
  isDisabled: boolean;
}

/** Every account with its plan and operator flags, in one query: the auth module's users, billing's plans, our flags. */
function usersWithFlags(db: Db) {
  return db
    .selectFrom(userView().as('user'))
    .innerJoin(planView().as('user_plan'), 'user_plan.id', 'user.id')
    .leftJoin('operator_account', 'operator_account.user_id', 'user.id');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

export async function searchUsers(db: Db, search: string, limit: number, offset: number): Promise<{ users: UserRow[]; total: number }> {
  let query = usersWithFlags(db);
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(${sql.ref('user.email')})`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(${sql.ref('user.name')})`, 'like', sql`${pattern} escape '\\'`)]),
    );
  }
  const total = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const rows = await query
    .select(['user.id', 'user.name', 'user.email', 'user_plan.plan', 'user.emailVerified', 'user.createdAt', 'operator_account.is_admin', 'operator_account.is_disabled'])
    .orderBy('user.createdAt', 'desc')
    .orderBy('user.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total: Number(total?.n ?? 0),
    users: rows.map(toUserRow),
  };
}

export async function findUser(db: Db, idOrEmail: { id?: string; email?: string }): Promise<UserRow | null> {
  let query = usersWithFlags(db).select(['user.id', 'user.name', 'user.email', 'user_plan.plan', 'user.emailVerified', 'user.createdAt', 'operator_account.is_admin', 'operator_account.is_disabled']);
  if (idOrEmail.id !== undefined) query = query.where('user.id', '=', idOrEmail.id);
  else query = query.where(sql`lower(${sql.ref('user.email')})`, '=', (idOrEmail.email ?? '').toLowerCase());
  const row = await query.executeTakeFirst();
  return row ? toUserRow(row) : null;
}

function toUserRow(row: {
  id: string;
  name: string;
  email: string;
  plan: UserRow['plan'];
  emailVerified: unknown;
  createdAt: Parameters<typeof toIsoString>[0];
  is_admin: number | null;
  is_disabled: number | null;
}): UserRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    emailVerified: Boolean(row.emailVerified),
    createdAt: toIsoString(row.createdAt),
    isAdmin: Number(row.is_admin ?? 0) === 1,
    isDisabled: Number(row.is_disabled ?? 0) === 1,
  };
}

// ---- Settings -----------------------------------------------------------------------------------------------------

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('instance_setting').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Db, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('instance_setting')
    .values({ key, value, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

// ---- Audit log ----------------------------------------------------------------------------------------------------

export interface AuditEntry {
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

export async function insertAudit(db: Db, entry: AuditEntry, now: string): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_id: entry.actorId,
      actor_email: entry.actorEmail,
      action: entry.action,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now,
    })
    .execute();
}

export async function listAudit(db: Db, limit: number) {
  const rows = await db
    .selectFrom('admin_audit_log')
    .select(['id', 'actor_email', 'action', 'target_id', 'before', 'after', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorEmail: row.actor_email,
    action: row.action,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    createdAt: row.created_at,
  }));
}
