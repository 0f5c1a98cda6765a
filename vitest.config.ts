import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at once even on a 2-core machine (vitest's default there is one): most files
    // wait on browsers, LibreOffice, databases and timers rather than compute, so a second fork
    // roughly halves the suite's wall time. Files never share a database schema, port or data dir.
    maxWorkers: 2,
    reporters: ['default', './test/support/count-reporter.ts'],
  },
});
