import type { Logger } from 'pino';
import type { AnyConnection } from '../../db/schema';
import type { JobRunner } from '../../jobs/jobs-module';
import type { FileStorage } from '../storage/storage-module';
import { deleteDesignRequest, listClosedDesignRequestsBefore } from './design-request-repository';
import { designRequestFolder } from './design-request-service';

export const designRequestRetentionJob = 'design-requests.retention';

export interface DesignRequestRetentionDeps {
  db: AnyConnection;
  storage: FileStorage;
  /** DESIGN_REQUEST_RETENTION_DAYS: how long a done or rejected request is kept after its last change. */
  retentionDays: number;
  logger: Logger;
}

/**
 * Deletes the done and rejected requests nobody has touched for the retention, with their uploaded files: they
 * hold visitors' contact details and artwork. New and in-progress requests stay whatever their age, because
 * they still await the operator. Files go first: if that fails the row stays and the next run tries again, so
 * no file is left without its row. Returns how many requests went.
 */
export async function deleteExpiredDesignRequests(deps: Omit<DesignRequestRetentionDeps, 'logger'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.retentionDays * 86_400_000).toISOString();
  let deleted = 0;
  for (const id of await listClosedDesignRequestsBefore(deps.db, before)) {
    await deps.storage.deletePrefix(`${designRequestFolder}/${id}/`);
    await deleteDesignRequest(deps.db, id);
    deleted += 1;
  }
  return deleted;
}

/** Daily at 03:30 UTC. */
export function registerDesignRequestJobs(runner: JobRunner, deps: DesignRequestRetentionDeps): void {
  runner.register(designRequestRetentionJob, async () => {
    const deleted = await deleteExpiredDesignRequests(deps);
    if (deleted > 0) deps.logger.info({ deleted }, 'deleted closed design and quote requests past their retention');
  });
  runner.schedule(designRequestRetentionJob, '30 3 * * *');
}
