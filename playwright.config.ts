import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (no browser download). e2e/global-setup.ts starts the production
 * build of the server on a free port with a fresh data folder and a local mock OpenID provider for Google.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The app's service worker (docs/offline.md) would answer chunks and API calls from its caches, out of
    // `page.route`'s reach: blocked in every spec but the one that tests it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
    actionTimeout: 10_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
