/**
 * Updates test/support/test-durations.json, the per-file durations the longest-first sequencer
 * orders the suite by (ADR 0761). Runs vitest (TEST_POSTGRES_URL set, as CI) and merges what it
 * measured into the list: the files it ran get their new time, the others keep theirs, files
 * that no longer exist leave the list.
 *
 *   npm run test:durations                 the whole suite
 *   npm run test:durations -- test/built   some files (any vitest filter)
 *
 * Regenerate when files were added or got much slower or faster, on a machine as quiet as can be
 * had; a file missing from the list runs first, so a stale list costs minutes, never a test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DURATIONS_FILE, type TestDurations } from '../test/support/longest-first-sequencer.js';

const root = process.cwd();
const report = join(mkdtempSync(join(tmpdir(), 'quire-durations-')), 'durations.json');
// A failing test still has a duration: vitest's exit status is not this script's concern.
spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=./test/support/durations-reporter.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, QUIRE_DURATIONS_REPORT: report },
});
if (!existsSync(report)) {
  process.stderr.write('vitest wrote no durations (did the run start?)\n');
  process.exit(1);
}

const measured = (JSON.parse(readFileSync(report, 'utf8')) as TestDurations).files;
const listed = existsSync(join(root, DURATIONS_FILE)) ? (JSON.parse(readFileSync(join(root, DURATIONS_FILE), 'utf8')) as TestDurations).files : {};
const merged = { ...listed, ...measured };
const entries = Object.entries(merged)
  .filter(([file]) => existsSync(join(root, file)))
  .map(([file, ms]) => [file, Math.round(ms / 100) * 100] as const)
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
writeFileSync(join(root, DURATIONS_FILE), `${JSON.stringify({ files: Object.fromEntries(entries) } satisfies TestDurations, null, 2)}\n`);
process.stdout.write(`${DURATIONS_FILE}: ${Object.keys(measured).length} files measured, ${entries.length} listed\n`);
