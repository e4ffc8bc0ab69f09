import { defineConfig } from 'vitest/config';

/**
 * Units: colocated `*.test.ts`. Integration: `apps/server/test/**\/*.int.test.ts`, through Fastify `inject`
 * on a real database — SQLite always, and PostgreSQL too when TEST_DATABASE_URL is set.
 */
const integrationProjects = [
  { name: 'integration-sqlite', env: { TEST_DB: 'sqlite' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'integration-postgres', env: { TEST_DB: 'postgres' } }] : []),
];

export default defineConfig({
  test: {
    projects: [
      {
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
