import type { Kysely, Selectable } from 'kysely';
import type { BillingSubscriptionTable, Database } from '../../db/schema';
import type { LocalClockChange } from './billing-clock';

export type SubscriptionRow = Selectable<BillingSubscriptionTable>;

/** Statuses under which a subscription may still give its plan (see subscription-state.ts). */
export const grantingStatuses = ['trialing', 'active', 'past_due'] as const;

export function listUserSubscriptions(db: Kysely<Database>, userId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('billing_subscription').selectAll().where('user_id', '=', userId).orderBy('created', 'desc').execute();
}

export async function insertSubscription(db: Kysely<Database>, row: SubscriptionRow): Promise<void> {
  await db.insertInto('billing_subscription').values(row).execute();
}

/** A new subscription replaces the ones in force: they end now. */
export async function endSubscriptionsInForce(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('billing_subscription')
    .set({ status: 'canceled', ended_at: now.toISOString(), updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('status', 'in', grantingStatuses)
    .execute();
}

export async function markCancelAtPeriodEnd(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('billing_subscription')
    .set({ cancel_at_period_end: 1, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function applyClockChange(db: Kysely<Database>, id: string, change: LocalClockChange, now: Date): Promise<void> {
  await db
    .updateTable('billing_subscription')
    .set(
      change.status === 'canceled'
        ? { status: 'canceled', ended_at: change.endedAt, updated_at: now.toISOString() }
        : { status: 'active', current_period_end: change.currentPeriodEnd, updated_at: now.toISOString() },
    )
    .where('id', '=', id)
    .execute();
}

/** Subscriptions whose period is over while they still look in force: the clock has work to do. */
export function findDueSubscriptions(db: Kysely<Database>, now: Date, userId?: string) {
  let query = db
    .selectFrom('billing_subscription')
    .select(['id', 'user_id', 'provider', 'status', 'current_period_end', 'cancel_at_period_end', 'interval'])
    .where('status', 'in', grantingStatuses)
    .where('current_period_end', '<=', now.toISOString());
  if (userId) query = query.where('user_id', '=', userId);
  return query.limit(500).execute();
}

/** Writes the user's plan when it changed; true when it did. */
export async function updateUserPlan(db: Kysely<Database>, userId: string, plan: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ plan, updatedAt: now.toISOString() })
    .where('id', '=', userId)
    .where('plan', '!=', plan)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function readLocalCheckout(db: Kysely<Database>, id: string) {
  return db.selectFrom('billing_local_checkout').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open checkout; false when it was no longer open (completed or cancelled meanwhile). */
export async function closeLocalCheckout(
  db: Kysely<Database>,
  id: string,
  status: 'completed' | 'canceled',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_local_checkout')
    .set({ status, completed_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
