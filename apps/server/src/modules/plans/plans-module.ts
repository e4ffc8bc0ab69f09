import type { PlanChangeHooks } from '../billing/billing-module';
import { applyDowngradeEffects, onPlanSynced, runDueDowngrades, scheduleDowngrade, type PlanDowngradeDeps } from './downgrade-effects';

/*
 * The plans module's public entry: what happens to an account when its plan goes down (the effects the
 * downgrade dialog lists, applied when the paid period ends). Billing tells it about plan changes through the
 * hooks made here; the job kind is `plans.downgrade-effects`.
 */
export { applyDowngradeEffects, downgradeEffectsJobKind, runDueDowngrades, type DowngradeEffectsPayload, type PlanDowngradeDeps } from './downgrade-effects';

/** The hooks billing calls: a confirmed downgrade, every recomputed plan, and the moment to apply what is due. */
export function createPlanDowngrades(deps: PlanDowngradeDeps): PlanChangeHooks {
  return {
    downgradeScheduled: (executor, change) => scheduleDowngrade(deps, executor, change),
    planSynced: (executor, change) => onPlanSynced(deps, executor, change),
    applyDue: (userId) => runDueDowngrades(deps, userId),
  };
}

/** One account's effects, as the job engine will call them. */
export function downgradeEffectsHandler(deps: PlanDowngradeDeps) {
  return (payload: { userId: string }) => applyDowngradeEffects(deps, payload);
}
