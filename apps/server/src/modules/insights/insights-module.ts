/*
 * The insights module's public entry: the recorder the public card page (and the wallet routes) count visits
 * with, the dashboard routes, the daily job that forgets the day's visitors, and the optional country lookup.
 */
export { createInsightsRecorder, type InsightsRecorder, type VisitRequest } from './insights-recorder';
export { openCountryLookup, type CountryLookup } from './country-lookup';
export { registerInsightsRoutes } from './insights-routes';
export { registerInsightsJobs } from './insights-jobs';
export type { InsightsDeps } from './insights-dashboard';
export type { InsightTables } from './insights-tables';
