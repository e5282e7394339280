import { defineConfig } from 'vitest/config';

// One config, five projects: fast unit tests beside the code, component tests in a simulated DOM,
// integration tests that build the real server on a real database, timing tests that run alone at
// the end, and browser tests that drive Debian's Chromium.
export default defineConfig({
  test: {
    // One file more than there are cores: Vitest's default leaves one core free, which on two
    // cores ran the whole suite one file at a time, and with one file a core the cores still
    // idled a third of the run while browser and server files waited on each other (decision 034).
    maxWorkers: '150%',
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
          exclude: ['**/*.integration.test.ts', '**/*.timing.test.ts', '**/node_modules/**'],
          // Unit files share their worker's modules instead of importing the engine and the
          // contract afresh for each file, which took half their time (decision 034); none
          // keeps state of its own between tests.
          isolate: false,
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
          // Each file builds its own server over its own database; the server's modules are
          // imported once per worker, not once per file (decision 034).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Tests that judge how long calls take (enumeration by timing): after every other file,
        // one at a time, so that no other file's work on the same cores sways what they measure.
        test: {
          name: 'timing',
          include: ['**/*.timing.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts', 'packages/*/e2e/**/*.e2e.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          // A file's server starts from a seeded snapshot; the first file to need one seeds it,
          // which beside the other projects' tests on two cores can take minutes.
          hookTimeout: 300_000,
          // Two files at once, each with its own server and browser: a page waits on the server
          // and the server on the page, so two share two cores well (decision 034).
          maxWorkers: 2,
        },
      },
    ],
  },
});
