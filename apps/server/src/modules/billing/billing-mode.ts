import type { PlanState } from '@cardstack/shared/plans/card-limits';
import type { AnyConnection } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findAccountCreatedAt } from '../auth/auth-module';
import { everyFeaturePlan, planStateOf } from './billing-service';
import * as repository from './billing-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * BILLING_PROVIDER=none: a company runs the service for its own staff. There are no plans to buy: every account
 * is on the top plan (so every gate, the team claims and /api/me read one value, as with a paid plan) and no
 * card allowance applies.
 */

export { everyFeaturePlan };

/** Before the first card-limit date, on the top plan: the allowance rule answers "no limit". */
const unlimitedSince = '2000-01-01T00:00:00.000Z';

export const billingDisabled = () =>
  new AppError(409, 'billing-disabled', keyed('billingDisabled'));

/** The plan state the card allowance follows, by billing mode. */
export function planStateSource(isEveryFeatureIncluded: boolean): typeof planStateOf {
  if (!isEveryFeatureIncluded) return planStateOf;
  return async (db, userId) => {
    return (await findAccountCreatedAt(db, userId)) ? ({ plan: everyFeaturePlan, accountCreatedAt: unlimitedSince, subscriptionCreatedAt: null } satisfies PlanState) : null;
  };
}

/**
 * Run at start-up. Without billing every account gets the top plan. With billing, an account whose plan
 * no subscription backs (left over from a time without billing) goes back to basic, so switching from
 * `none` to `stripe` gives nothing away.
 */
export async function applyBillingMode(db: AnyConnection, isEveryFeatureIncluded: boolean, now: Date): Promise<void> {
  if (isEveryFeatureIncluded) await repository.setEveryUserPlan(db, everyFeaturePlan, now);
  else await repository.resetPlansWithoutSubscription(db, 'basic', now);
}
