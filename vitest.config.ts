import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './apps/web/compiled-catalogs.ts';

/**
 * Units: colocated `*.test.ts`. Integration: `apps/server/test/**\/*.int.test.ts`, through Fastify `inject`
 * on a real database — SQLite always, and PostgreSQL too when TEST_DATABASE_URL is set.
 *
 * Every project's files run on every core (Vitest's default leaves one idle: half the machine here). On
 * PostgreSQL each worker has a database of its own (`apps/server/test/setup.ts`).
 */
const integrationProjects = [
  { name: 'integration-sqlite', env: { TEST_DB: 'sqlite' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'integration-postgres', env: { TEST_DB: 'postgres' } }] : []),
];

export default defineConfig({
  test: {
    maxWorkers: '100%',
    projects: [
      {
        // The SPA's catalogs compile as in the build, so a screen's test sees its messages as the browser does.
        plugins: [compiledCatalogs()],
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      ...integrationProjects.map((project) => ({
        test: {
          name: project.name,
          include: ['apps/server/test/**/*.int.test.ts'],
          env: project.env,
          testTimeout: 20_000,
          hookTimeout: 30_000,
          setupFiles: ['apps/server/test/setup.ts'],
        },
      })),
    ],
  },
});
