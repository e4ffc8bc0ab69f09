import type { JobRunner } from '../../jobs/jobs-module';
import { pricesRefreshCron, pricesRefreshJob, readsProviderPrices, refreshProviderPrices } from './billing-prices';
import { runBillingClock, type BillingDeps } from './billing-service';

export const billingClockJob = 'billing.clock';

/**
 * The billing clock, every minute on one process of the fleet: local subscriptions renew or end, and plans
 * cancelled at a period end now past take effect. Idempotent (a period is renewed once, a plan computed again
 * is the same), so a retried or repeated run changes nothing.
 */
export function registerBillingJobs(runner: JobRunner, deps: BillingDeps): void {
  runner.register(billingClockJob, async () => {
    await runBillingClock(deps);
  });
  runner.schedule(billingClockJob, '* * * * *');
  // The provider's prices, read again daily (and at start when stale: billing-prices.ts). A failed read keeps
  // the prices read before; it is retried, and the pages go on showing the kept ones.
  if (readsProviderPrices(deps)) {
    runner.register(pricesRefreshJob, async () => {
      await refreshProviderPrices(deps);
    });
    runner.schedule(pricesRefreshJob, pricesRefreshCron);
  }
}
