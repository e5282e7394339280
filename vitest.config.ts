import { defineConfig } from 'vitest/config';

// One config, four projects: fast unit tests beside the code, component tests in a simulated DOM,
// integration tests that boot the real server on a real database, and browser tests that drive
// Debian's Chromium.
export default defineConfig({
  test: {
    // The logs of every test server are scanned for secrets once the run is over.
    globalSetup: ['scripts/test-logs.global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          // Some unit tests solve whole portfolios on the 50,000-bond market; speed is measured by
          // the benchmarks, so a loaded machine must not fail them on time.
          testTimeout: 30_000,
        },
      },
      {
        // React components in a simulated DOM, for logic that lives in the browser.
        test: {
          name: 'component',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts', 'packages/*/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          // A file's server seeds its firm before the first test; beside the other projects'
          // tests on two cores that once took longer than two minutes.
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
