import type { PublicConfig } from '@cardstack/shared/http/answers';
import { isDatabaseReachable, type DatabaseHandle } from '../db/database';
import { pendingMigrations } from '../db/migration-status';
import type { AppModule } from '../modules/module-contract';
import { answersUnderLoad } from './overload';
import { guards } from './route-guard';


/** What /readyz reports besides its own checks: informative, never a reason to be taken out of the load balancer. */
export interface CredentialDaysLeft {
  credential: string;
  expiresAt: string | null;
  daysLeft: number | null;
}

export interface PlatformNeeds {
  database: DatabaseHandle;
  publicConfig: PublicConfig;
  version: string;
  /**
   * Whether this process's job runner works: false before it started and once the app is closing; null when this
   * process runs no jobs (tools, and tests that run jobs themselves).
   */
  isJobRunnerStarted: () => boolean | null;
  credentialExpiries: () => CredentialDaysLeft[];
}

/** Readiness: the database answers, every migration this code knows is applied, and the job runner works. */
async function readiness(needs: PlatformNeeds) {
  const isReachable = await isDatabaseReachable(needs.database);
  const pending = isReachable ? await pendingMigrations(needs.database).catch(() => null) : null;
  const jobRunner = needs.isJobRunnerStarted();
  const isReady = isReachable && pending !== null && pending.length === 0 && jobRunner !== false;
  return {
    isReady,
    body: {
      status: isReady ? 'ready' : 'not ready',
      version: needs.version,
      checks: {
        database: isReachable ? 'ok' : 'unreachable',
        migrations: pending === null ? 'unknown' : pending.length === 0 ? 'ok' : `${pending.length} pending`,
        jobs: jobRunner === null ? 'not run by this process' : jobRunner ? 'ok' : 'not started',
      },
      credentials: needs.credentialExpiries(),
    },
  };
}

/**
 * The routes of the app itself rather than a feature: the health checks and the SPA's public configuration.
 * `/healthz` (the database answers) is kept as it was for existing monitors; `/livez` says only that the process
 * answers (restart it when it does not); `/readyz` says whether it should get traffic (docs/operations.md).
 */
export function createPlatformModule(needs: PlatformNeeds): AppModule {
  return {
    name: 'platform',
    routes(app) {
      app.get('/healthz', async (_request, reply) => {
        const isReady = await isDatabaseReachable(needs.database);
        return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'database unreachable' });
      });
      // Not shed under load (a lagging process is alive, and restarting it would lose its work); /readyz is.
      app.get('/livez', { config: answersUnderLoad }, async (_request, reply) =>
        reply.header('cache-control', 'no-store').send({ status: 'ok' }),
      );
      app.get('/readyz', async (_request, reply) => {
        const { isReady, body } = await readiness(needs);
        return reply.status(isReady ? 200 : 503).header('cache-control', 'no-store').send(body);
      });
      app.get('/api/public-config', { config: guards.anyone }, async () => needs.publicConfig);
    },
  };
}
