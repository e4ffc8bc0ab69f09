import { toDay } from '@cardstack/shared/insights/periods';
import type { AnyConnection } from '../../db/schema';
import type { JobRunner } from '../../jobs/jobs-module';
import { forgetVisitorsBefore } from './insights-repository';

export const forgetVisitorsJob = 'insights.forget-visitors';

/**
 * Daily, shortly after midnight UTC (a few minutes' grace for the last flushes of the day before): the past
 * days' salts and visitor hashes are deleted. Idempotent: a second run finds nothing to delete.
 */
export function registerInsightsJobs(runner: JobRunner, deps: { db: AnyConnection; now?: () => Date }): void {
  runner.register(forgetVisitorsJob, async () => {
    await forgetVisitorsBefore(deps.db, toDay((deps.now ?? (() => new Date()))()));
  });
  runner.schedule(forgetVisitorsJob, '5 0 * * *');
}
