import type { Logger } from 'pino';
import type { AppModule } from '../module-contract';
import { registerDesignRequestJobs } from './design-request-jobs';
import { registerDesignRequestRoutes, type DesignRequestRouteOptions } from './design-request-routes';
import type { DesignRequestsDeps } from './design-request-service';

/*
 * The design requests module's public entry: the public custom design and quote forms, and what the operator
 * console needs to list them, change their status and open their files, and the retention clean-up.
 */
export {
  designRequestFile,
  designRequestFolder,
  listDesignRequests,
  setDesignRequestStatus,
  type DesignRequestsDeps,
} from './design-request-service';
export type { DesignRequestTables } from './design-requests-tables';

export interface DesignRequestsNeeds extends DesignRequestsDeps, DesignRequestRouteOptions {
  /** DESIGN_REQUEST_RETENTION_DAYS: how long a done or rejected request is kept after its last change. */
  retentionDays: number;
  logger: Logger;
}

export function createDesignRequestsModule(needs: DesignRequestsNeeds): AppModule {
  return {
    name: 'design-requests',
    routes: (app) => registerDesignRequestRoutes(app, needs, needs),
    jobs: (runner) => registerDesignRequestJobs(runner, needs),
  };
}
