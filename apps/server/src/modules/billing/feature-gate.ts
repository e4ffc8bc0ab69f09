import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { featureAccess, isFeatureAllowed, type Feature } from '@cardstack/shared/plans/features';
import { paidFeatureTexts } from '@cardstack/shared/plans/plan-texts';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { planFromSubscriptions } from '@cardstack/shared/plans/subscription-state';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Auth } from '../auth/auth';
import { requireSession } from '../auth/session';
import * as repository from './billing-repository';
import { toFacts } from './billing-service';

export interface FeatureGateDeps {
  db: Kysely<Database>;
  auth: Auth;
  now: () => Date;
}

/** The answer of every gated route to a plan without the feature; the SPA shows the paid-feature overlay. */
export const paidFeatureError = () =>
  new AppError(403, 'paid-feature', `${paidFeatureTexts.title}. ${paidFeatureTexts.message}.`);

export type FeaturePreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * The one server-side plan check (spec §6: "The paid overlay shows when the user's plan is not in the
 * feature's allowed group"), used as a route option:
 *
 *   app.get('/api/contacts/export.csv', { preHandler: billing.requireFeature('csvExport') }, handler)
 *
 * The plan is computed from the subscription records at the moment of the request, not read from the
 * stored plan, so a subscription cancelled at a period end that has just passed locks at once.
 */
export function createFeatureGate(deps: FeatureGateDeps) {
  async function planOf(userId: string): Promise<UserPlan> {
    const subscriptions = (await repository.listUserSubscriptions(deps.db, userId)).map(toFacts);
    return planFromSubscriptions(subscriptions, deps.now());
  }

  function requireFeature(feature: Feature): FeaturePreHandler {
    const group = featureAccess[feature];
    return async (request) => {
      const { user } = await requireSession(deps.auth, request);
      if (!isFeatureAllowed(await planOf(user.id), group)) throw paidFeatureError();
    };
  }

  return { planOf, requireFeature };
}
