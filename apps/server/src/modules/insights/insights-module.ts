import { ConfigError } from '../../config-fields';
import type { AppModule } from '../module-contract';
import { openCountryLookup } from './country-lookup';
import type { InsightsDeps } from './insights-dashboard';
import { registerInsightsJobs } from './insights-jobs';
import { createInsightsRecorder, type InsightsRecorder, type InsightsRecorderDeps } from './insights-recorder';
import { registerInsightsRoutes } from './insights-routes';
import { insightsArchivePart } from './insights-archive';

/*
 * The insights module's public entry: the recorder the public card page (and the wallet routes) count visits
 * with, the dashboard routes, the daily job that forgets the day's visitors, and the optional country lookup.
 */
export type { InsightsRecorder, VisitRequest } from './insights-recorder';
export type { InsightTables } from './insights-tables';

export interface InsightsModule extends AppModule {
  /**
   * Counts what visitors do on public cards (tests flush it). Routes outside the public card page that count
   * (the wallet passes: "Wallet adds") call `recorder.record(request, cardId, 'wallet')`.
   */
  recorder: InsightsRecorder;
}

export interface InsightsNeeds extends Omit<InsightsRecorderDeps, 'countryOf'>, Pick<InsightsDeps, 'linkIdOf'> {
  /** GEOIP_DATABASE_PATH: top countries only when the operator configured a MaxMind database. */
  geoipDatabasePath: string | null | undefined;
}

/** Opens the GeoIP database when one is configured: a file that is not one stops the start like a wrong setting. */
export async function createInsightsModule(needs: InsightsNeeds): Promise<InsightsModule> {
  const { geoipDatabasePath, linkIdOf, ...recorderDeps } = needs;
  const countries = geoipDatabasePath
    ? await openCountryLookup(geoipDatabasePath).catch((error: unknown) => {
        throw new ConfigError(`Invalid configuration:\n  GEOIP_DATABASE_PATH: cannot read ${geoipDatabasePath} as a MaxMind DB (${String(error)})`);
      })
    : undefined;
  const recorder = createInsightsRecorder({ ...recorderDeps, countryOf: countries ? (address) => countries.countryOf(address) : undefined });
  return {
    name: 'insights',
    recorder,
    routes: (app) => registerInsightsRoutes(app, { db: needs.db, linkIdOf }),
    jobs: (runner) => registerInsightsJobs(runner, { db: needs.db }),
    close: () => recorder.close(),
    accountArchive: insightsArchivePart(needs.db),
  };
}
