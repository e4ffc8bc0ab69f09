import type { PublicConfig } from '@cardstack/shared/http/answers';
import { isDatabaseReachable, type DatabaseHandle } from '../db/database';
import type { AppModule } from '../modules/module-contract';
import { guards } from './route-guard';


/** The routes of the app itself rather than a feature: the health check and the SPA's public configuration. */
export function createPlatformModule(needs: { database: DatabaseHandle; publicConfig: PublicConfig }): AppModule {
  return {
    name: 'platform',
    routes(app) {
      app.get('/healthz', async (_request, reply) => {
        const isReady = await isDatabaseReachable(needs.database);
        return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'database unreachable' });
      });
      app.get('/api/public-config', { config: guards.anyone }, async () => needs.publicConfig);
    },
  };
}
