import crypto from 'node:crypto';
import type { AnyConnection } from '../../db/schema';
import { syncUserPlan, type PlanChangeHooks } from './billing-service';
import * as repository from './billing-repository';

/*
 * A plan the instance's operator grants from the console (a partner, a pilot, a quote paid by invoice): one
 * subscription record per user with the provider `operator`, in force until the operator takes it back. No
 * payment provider is involved and the billing clock leaves it alone (its period never ends). The usual rule
 * picks the plan: the highest plan in force, the newest among equals, so a grant of the same plan with a
 * `card_limitation` overrides a paid subscription's allowance, and a grant never lowers what someone pays for.
 */

export interface OperatorGrant {
  plan: 'subscribed' | 'team';
  teamTier: number | null;
  cardLimitation: number | null;
}

/** A period end no clock reaches. */
const neverEnds = '9999-12-31T00:00:00.000Z';

export async function findOperatorGrant(db: AnyConnection, userId: string): Promise<OperatorGrant | null> {
  const row = (await repository.listUserSubscriptions(db, userId)).find((candidate) => candidate.provider === 'operator' && candidate.status === 'active');
  if (!row) return null;
  return { plan: row.plan === 'team' ? 'team' : 'subscribed', teamTier: row.team_tier, cardLimitation: row.card_limitation };
}

/** Sets (or with null takes back) the operator's grant and lets the user's plan follow, in `db`'s transaction. */
export async function setOperatorGrant(
  db: AnyConnection,
  userId: string,
  grant: OperatorGrant | null,
  now: Date,
  hooks?: PlanChangeHooks,
): Promise<void> {
  const at = now.toISOString();
  const providerId = `operator-${userId}`;
  if (grant) {
    await repository.upsertSubscription(db, {
      id: crypto.randomUUID(),
      user_id: userId,
      provider: 'operator',
      provider_subscription_id: providerId,
      customer_id: '',
      status: 'active',
      plan: grant.plan,
      team_tier: grant.plan === 'team' ? grant.teamTier : null,
      created: at,
      current_period_end: neverEnds,
      trial_end: null,
      ended_at: null,
      price_id: '',
      unit_amount: 0,
      // Nothing is charged: the amount shows in the currency of the prices in force.
      currency: null,
      interval: 'month',
      quantity: 1,
      card_limitation: grant.cardLimitation,
      cancel_at_period_end: 0,
      updated_at: at,
    });
  } else {
    const row = (await repository.listUserSubscriptions(db, userId)).find((candidate) => candidate.provider === 'operator' && candidate.status === 'active');
    if (row) await repository.markSubscriptionEnded(db, row.id, now);
  }
  await syncUserPlan(db, userId, now, hooks);
}
