import type { JobRunner } from '../../jobs/jobs-module';
import type { PlanChangeHooks } from '../billing/billing-module';
import { applyDowngradeEffects, downgradeEffectsJobKind, onPlanSynced, scheduleDowngrade, type DowngradeEffectsPayload, type PlanDowngradeDeps } from './downgrade-effects';

/*
 * The plans module's public entry: what happens to an account when its plan goes down (the effects the
 * downgrade dialog lists, applied when the paid period ends). Billing tells it about plan changes through the
 * hooks made here; the effects run as the `plans.downgrade-effects` job, one per account.
 */
export { applyDowngradeEffects, downgradeEffectsJobKind, type DowngradeEffectsPayload, type PlanDowngradeDeps } from './downgrade-effects';

/** The hooks billing calls: a confirmed downgrade, and every recomputed plan (which may make one due). */
export function createPlanDowngrades(deps: PlanDowngradeDeps): PlanChangeHooks {
  return {
    downgradeScheduled: (executor, change) => scheduleDowngrade(deps, executor, change),
    planSynced: (executor, change) => onPlanSynced(deps, executor, change),
  };
}

export function registerPlansJobs(runner: JobRunner, deps: PlanDowngradeDeps): void {
  runner.register<DowngradeEffectsPayload>(downgradeEffectsJobKind, (payload) => applyDowngradeEffects(deps, payload));
}
export type { PlanTables } from './plans-tables';
