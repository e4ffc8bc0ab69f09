import { expressionBuilder, type Kysely } from 'kysely';
import { toUserPlan, type UserPlan } from '@cardstack/shared/plans/plans';
import type { AnyConnection } from '../../db/schema';
import type { BillingTables } from './billing-tables';

/*
 * The plan billing keeps on the user record (it follows every subscription change and period end): the one way
 * to read it. An unknown value or a missing user reads as Basic.
 */

/** A user's stored plan. */
export async function planOf(connection: AnyConnection, userId: string): Promise<UserPlan> {
  const db: Kysely<BillingTables> = connection;
  const row = await db.selectFrom('user').select('plan').where('id', '=', userId).executeTakeFirst();
  return toUserPlan(row?.plan);
}

/**
 * The stored plans as a derived table (`id`, `plan`) to join into one query, as
 * `.innerJoin(planView().as('owner_plan'), 'owner_plan.id', …)`; read the column through `toUserPlan`.
 */
export function planView() {
  return expressionBuilder<BillingTables>().selectFrom('user').select(['id', 'plan']);
}
