import { defineConfig } from 'vitest/config';

/** The built-service tier (test/built/): the service as `npm start` runs it, from dist/. */
const BUILT_TIER = 'test/built/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at once even on a 2-core machine (vitest's default there is one): most files
    // wait on browsers, LibreOffice, databases and timers rather than compute, so a second fork
    // roughly halves the suite's wall time. Files never share a database schema, port or data dir.
    maxWorkers: 2,
    reporters: ['default', './test/support/count-reporter.ts'],
    // Two projects only so that the built tier has a global setup of its own (it builds dist/
    // when stale), which vitest runs only when one of the tier's files is selected.
    projects: [
      {
        extends: true,
        test: {
          name: 'source',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', BUILT_TIER],
        },
      },
      { extends: true, test: { name: 'built', include: [BUILT_TIER], globalSetup: ['./test/built/global-setup.ts'] } },
    ],
  },
});
