import type { Kysely, Selectable } from 'kysely';
import type { PlanDowngradeTable, PlanTables } from './plans-tables';

export type DowngradeRow = Selectable<PlanDowngradeTable>;

const openStatuses = ['scheduled', 'due'] as const;

/** The user's downgrade that is waiting for its period end or for its effects, if any. */
export function findOpenDowngrade(db: Kysely<PlanTables>, userId: string): Promise<DowngradeRow | undefined> {
  return db
    .selectFrom('plan_downgrade')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', openStatuses)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function insertDowngrade(db: Kysely<PlanTables>, row: DowngradeRow): Promise<void> {
  await db.insertInto('plan_downgrade').values(row).execute();
}

export async function setDowngradeStatus(
  db: Kysely<PlanTables>,
  id: string,
  change: Partial<Pick<DowngradeRow, 'status' | 'to_plan' | 'effective_at' | 'applied_at' | 'impacts'>>,
  now: Date,
): Promise<void> {
  await db.updateTable('plan_downgrade').set({ ...change, updated_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Ends every open downgrade of the user (a new one replaces it, or they upgraded again). */
export async function cancelOpenDowngrades(db: Kysely<PlanTables>, userId: string, now: Date, statuses: readonly ('scheduled' | 'due')[] = openStatuses): Promise<void> {
  await db
    .updateTable('plan_downgrade')
    .set({ status: 'cancelled', updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .execute();
}

export function listDueDowngrades(db: Kysely<PlanTables>, userId?: string) {
  let query = db.selectFrom('plan_downgrade').selectAll().where('status', '=', 'due');
  if (userId) query = query.where('user_id', '=', userId);
  return query.orderBy('effective_at').limit(100).execute();
}

/** Marks it applied unless something else ended it meanwhile; true when this call did. */
export async function markApplied(db: Kysely<PlanTables>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('plan_downgrade')
    .set({ status: 'applied', applied_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'due')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
