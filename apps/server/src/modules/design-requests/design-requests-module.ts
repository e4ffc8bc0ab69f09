/*
 * The design requests module's public entry: the public custom design and quote forms, and what the operator
 * console needs to list them, change their status and open their files, and the retention clean-up.
 */
export { registerDesignRequestJobs } from './design-request-jobs';
export { registerDesignRequestRoutes } from './design-request-routes';
export {
  designRequestFile,
  designRequestFolder,
  listDesignRequests,
  setDesignRequestStatus,
  type DesignRequestsDeps,
} from './design-request-service';
export type { DesignRequestTables } from './design-requests-tables';
