/**
 * Writes test/support/test-durations.json, the per-file durations the longest-first sequencer
 * orders the suite by (ADR 0761).
 *
 *   npm run test:durations                  runs the whole suite once (TEST_POSTGRES_URL set, as CI)
 *   npm run test:durations -- report.json   reads a report of an earlier `vitest run --reporter=json`
 *
 * Regenerate when files were added or got much slower or faster; a file missing from the list
 * runs first, so a stale list costs minutes, never a test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DURATIONS_FILE, type TestDurations } from '../test/support/longest-first-sequencer.js';

interface JsonReport {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

const root = process.cwd();
let reportPath = process.argv[2];
if (!reportPath) {
  reportPath = join(mkdtempSync(join(tmpdir(), 'quire-durations-')), 'report.json');
  // A failing test still has a duration: the exit status is not this script's concern.
  spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reportPath}`], { stdio: 'inherit' });
}

const report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
const entries = report.testResults
  .map((file) => [relative(root, file.name).split('\\').join('/'), Math.max(0, Math.round((file.endTime - file.startTime) / 100) * 100)] as const)
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const durations: TestDurations = { files: Object.fromEntries(entries) };
writeFileSync(join(root, DURATIONS_FILE), `${JSON.stringify(durations, null, 2)}\n`);
const total = entries.reduce((sum, [, ms]) => sum + ms, 0);
process.stdout.write(`${DURATIONS_FILE}: ${entries.length} files, ${(total / 1000).toFixed(0)} s summed\n`);
