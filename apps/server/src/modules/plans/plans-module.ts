import type { PlanChangeHooks } from '../billing/billing-module';
import type { AppModule } from '../module-contract';
import { applyDowngradeEffects, downgradeEffectsJobKind, onPlanSynced, scheduleDowngrade, type DowngradeEffectsPayload, type PlanDowngradeDeps } from './downgrade-effects';

/*
 * The plans module's public entry: what happens to an account when its plan goes down (the effects the
 * downgrade dialog lists, applied when the paid period ends). Billing tells it about plan changes through the
 * hooks made here; the effects run as the `plans.downgrade-effects` job, one per account.
 */
export { applyDowngradeEffects, downgradeEffectsJobKind, type DowngradeEffectsPayload, type PlanDowngradeDeps } from './downgrade-effects';

export interface PlansModule extends AppModule {
  /** The hooks billing calls (and the operator console's plan changes): a confirmed downgrade, and every recomputed plan (which may make one due). */
  planChanges: PlanChangeHooks;
}

export function createPlansModule(deps: PlanDowngradeDeps): PlansModule {
  return {
    name: 'plans',
    planChanges: {
      downgradeScheduled: (executor, change) => scheduleDowngrade(deps, executor, change),
      planSynced: (executor, change) => onPlanSynced(deps, executor, change),
    },
    jobs: (runner) => runner.register<DowngradeEffectsPayload>(downgradeEffectsJobKind, (payload) => applyDowngradeEffects(deps, payload)),
  };
}
export type { PlanTables } from './plans-tables';
