import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer.js';

/** The built-service tier (test/built/): the service as `npm start` runs it, from dist/. */
const BUILT_TIER = 'test/built/**/*.test.ts';

/**
 * The tiers that start the service in the test's own process (test/e2e, test/reliability,
 * test/contract). Their files share one process per worker (ADR 0321): importing the server's
 * module graph costs seconds of CPU, and a fresh process per file paid it a hundred times a run.
 */
const SERVICE_TIERS = ['test/e2e/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/contract/**/*.test.ts'];

/**
 * The command tier (use cases against a real database, src/modules/): its files share one process
 * per worker too (ADR 0382). None mocks a module, stubs a global or the environment, or keeps
 * state at module level; each opens its own database.
 */
const COMMAND_TIER = 'src/modules/**/*.test.ts';

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
    // Longest file first within each group (ADR 0761), from the committed durations: the two
    // workers then end a group together rather than one running a long file alone at its end.
    sequence: { sequencer: LongestFirstSequencer },
    // The built tier has a global setup of its own (it builds dist/ when stale), which vitest runs
    // only when one of the tier's files is selected; the service tiers share a process per worker.
    projects: [
      {
        extends: true,
        test: {
          name: 'source',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'eval/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', BUILT_TIER, COMMAND_TIER, ...SERVICE_TIERS],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        // Each file still starts its own servers on its own data dir, schema and port, and closes
        // them; what the files share is the loaded modules and the process-wide worker pools.
        // A group of its own, run first: vitest keeps a shared process only while the next file
        // in its queue is of the same kind, so mixed with isolated files it would restart often.
        test: { name: 'service', include: SERVICE_TIERS, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'commands', include: [COMMAND_TIER], isolate: false, sequence: { groupOrder: 2 } },
      },
      {
        extends: true,
        test: { name: 'built', include: [BUILT_TIER], globalSetup: ['./test/built/global-setup.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
