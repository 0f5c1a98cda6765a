/**
 * Orders test files longest-first (ADR 0761), so the two workers finish each group together
 * instead of one running a five-minute file alone at the end. The durations come from a committed
 * file (test/support/test-durations.json, written by `npm run test:durations`): a clean clone has
 * no vitest cache, and vitest's fallback there (largest file first) puts a 20-line browser test
 * behind a 900-line pure one.
 */
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = 'test/support/test-durations.json';

/** The committed file as `scripts/test-durations.ts` writes it. */
export interface TestDurations {
  /** Milliseconds per test file, by its path from the repository root. */
  files: Record<string, number>;
}

function readDurations(root: string): Map<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(`${root}/${DURATIONS_FILE}`, 'utf8')) as TestDurations;
    return new Map(Object.entries(parsed.files));
  } catch {
    // No file (or a broken one) only loses the order, never a test.
    return new Map();
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durations = readDurations(root);
    const durationOf = (spec: TestSpecification) => durations.get(relative(root, spec.moduleId).split('\\').join('/'));
    return [...files].sort((a, b) => {
      // Groups run one after another (vitest.config.ts): a file never leaves its group.
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      // A shared process (isolate: false) lives only while the next file is of the same project:
      // such a project's files stay together. Isolated projects of one group may interleave.
      const shared = !a.project.config.isolate || !b.project.config.isolate;
      if (shared && a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const da = durationOf(a);
      const db = durationOf(b);
      // A file the durations do not know yet (new) goes first: it may be the longest of all.
      // Among those, the larger first, as vitest orders files it has no times for.
      if (da === undefined || db === undefined) {
        if (da !== db) return da === undefined ? -1 : 1;
        const size = sizeOf(b.moduleId) - sizeOf(a.moduleId);
        if (size !== 0) return size;
      } else if (da !== db) return db - da;
      return a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0;
    });
  }
}
