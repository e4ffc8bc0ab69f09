import type { FastifyRequest } from 'fastify';
import { canUseFeature, featureAccess, isFeatureAllowed, type Feature } from '@cardstack/shared/plans/features';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { AppError } from '../../http/errors';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** The answer of every gated route to a plan without the feature; the SPA shows the paid-feature overlay. */
export const paidFeatureError = () =>
  new AppError(403, 'paid-feature', keyed('paidFeature'));

/**
 * The one server-side plan check ("the paid overlay shows when the user's plan is not in the feature's allowed
 * group"), which a route's guard runs when it declares a feature:
 *
 *   app.get('/api/contacts/export.csv', { config: { guard: { caller: 'signed-in', feature: 'csvExport' } } }, handler)
 *
 * The plan is the caller's (the one billing keeps on the user record), resolved once per request.
 */
export function requireFeature(feature: Feature): (request: FastifyRequest) => Promise<void> {
  const group = featureAccess[feature];
  return async (request) => {
    if (!isFeatureAllowed((await request.caller()).plan, group)) throw paidFeatureError();
  };
}

/** The same rule inside a use case, for a plan decided there (a card's plan, see `planForCard`). */
export function assertFeature(plan: UserPlan, feature: Feature): void {
  if (!canUseFeature(plan, feature)) throw paidFeatureError();
}
