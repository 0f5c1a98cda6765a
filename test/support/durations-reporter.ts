/**
 * Used by `npm run test:durations` (scripts/test-durations.ts, ADR 0761): writes each file's
 * duration (the figure vitest's own summary prints for the file: its tests and hooks) to the
 * path in QUIRE_DURATIONS_REPORT. Imports are left out: a shared process pays them once.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class DurationsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const out = process.env.QUIRE_DURATIONS_REPORT;
    if (!out) return;
    const files = Object.fromEntries(testModules.map((m) => [relative(this.root, m.moduleId).split('\\').join('/'), Math.round(m.diagnostic().duration)]));
    writeFileSync(out, JSON.stringify({ files }));
  }
}
