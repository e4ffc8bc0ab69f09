import type { Kysely, Selectable } from 'kysely';
import type { BillingSubscriptionTable, BillingTables } from './billing-tables';
import type { LocalClockChange } from './billing-clock';

export type SubscriptionRow = Selectable<BillingSubscriptionTable>;

/** Statuses under which a subscription may still give its plan (see subscription-state.ts). */
export const grantingStatuses = ['trialing', 'active', 'past_due'] as const;

export function listUserSubscriptions(db: Kysely<BillingTables>, userId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('billing_subscription').selectAll().where('user_id', '=', userId).orderBy('created', 'desc').execute();
}

export async function insertSubscription(db: Kysely<BillingTables>, row: SubscriptionRow): Promise<void> {
  await db.insertInto('billing_subscription').values(row).execute();
}

/**
 * A new subscription replaces the bought ones in force: they end now. The operator's grant stays: nobody buys
 * it, only the operator takes it back, and while both are in force the better plan applies.
 */
export async function endBoughtSubscriptionsInForce(db: Kysely<BillingTables>, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('billing_subscription')
    .set({ status: 'canceled', ended_at: now.toISOString(), updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('status', 'in', grantingStatuses)
    .where('provider', '!=', 'operator')
    .execute();
}

export async function markCancelAtPeriodEnd(db: Kysely<BillingTables>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('billing_subscription')
    .set({ cancel_at_period_end: 1, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function applyClockChange(db: Kysely<BillingTables>, id: string, change: LocalClockChange, now: Date): Promise<void> {
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
export function findDueSubscriptions(db: Kysely<BillingTables>, now: Date, userId?: string) {
  let query = db
    .selectFrom('billing_subscription')
    .select(['id', 'user_id', 'provider', 'status', 'current_period_end', 'cancel_at_period_end', 'interval'])
    .where('status', 'in', grantingStatuses)
    .where('current_period_end', '<=', now.toISOString());
  if (userId) query = query.where('user_id', '=', userId);
  return query.limit(500).execute();
}

/** Writes the user's plan when it changed; true when it did. */
export async function updateUserPlan(db: Kysely<BillingTables>, userId: string, plan: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ plan, updatedAt: now.toISOString() })
    .where('id', '=', userId)
    .where('plan', '!=', plan)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function readLocalCheckout(db: Kysely<BillingTables>, id: string) {
  return db.selectFrom('billing_local_checkout').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open checkout; false when it was no longer open (completed or cancelled meanwhile). */
export async function closeLocalCheckout(
  db: Kysely<BillingTables>,
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

export async function findCustomer(db: Kysely<BillingTables>, userId: string, provider: 'local' | 'stripe'): Promise<string | null> {
  const row = await db
    .selectFrom('billing_customer')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Keeps the first customer stored for a user: a concurrent request that lost the race reads the winner's. */
export async function storeCustomer(
  db: Kysely<BillingTables>,
  row: { user_id: string; provider: 'local' | 'stripe'; customer_id: string; created_at: string },
): Promise<void> {
  await db.insertInto('billing_customer').values(row).onConflict((conflict) => conflict.doNothing()).execute();
}

export async function findUserIdByCustomer(db: Kysely<BillingTables>, provider: 'local' | 'stripe', customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('billing_customer')
    .select('user_id')
    .where('provider', '=', provider)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function userExists(db: Kysely<BillingTables>, userId: string): Promise<boolean> {
  return (await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export function findSubscriptionByProviderId(db: Kysely<BillingTables>, provider: 'local' | 'stripe', providerSubscriptionId: string) {
  return db
    .selectFrom('billing_subscription')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .executeTakeFirst();
}

/** Writes the provider's current state of a subscription, whether it is new or known. */
export async function upsertSubscription(db: Kysely<BillingTables>, row: SubscriptionRow): Promise<void> {
  const { id: _id, user_id: _userId, provider: _provider, provider_subscription_id: _providerId, ...changes } = row;
  await db
    .insertInto('billing_subscription')
    .values(row)
    .onConflict((conflict) => conflict.columns(['provider', 'provider_subscription_id']).doUpdateSet(changes))
    .execute();
}

/** Marks a provider's event handled; false when it already was (a duplicate delivery). */
export async function recordWebhookEvent(
  db: Kysely<BillingTables>,
  event: { provider: string; event_id: string; type: string; processed_at: string },
): Promise<boolean> {
  const result = await db.insertInto('billing_webhook_event').values(event).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function isWebhookEventRecorded(db: Kysely<BillingTables>, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('billing_webhook_event')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markSubscriptionEnded(db: Kysely<BillingTables>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('billing_subscription')
    .set({ status: 'canceled', ended_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** BILLING_PROVIDER=none: every account on one plan. */
export async function setEveryUserPlan(db: Kysely<BillingTables>, plan: string, now: Date): Promise<void> {
  await db.updateTable('user').set({ plan, updatedAt: now.toISOString() }).where('plan', '!=', plan).execute();
}

/** Accounts on a paid plan that no subscription record backs go back to `plan`. */
export async function resetPlansWithoutSubscription(db: Kysely<BillingTables>, plan: string, now: Date): Promise<void> {
  await db
    .updateTable('user')
    .set({ plan, updatedAt: now.toISOString() })
    .where('plan', '!=', plan)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('billing_subscription').select('billing_subscription.id').whereRef('billing_subscription.user_id', '=', 'user.id'))),
    )
    .execute();
}
