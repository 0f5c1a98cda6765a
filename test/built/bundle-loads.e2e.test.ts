/**
 * Every chunk of dist/ loads. The bundle imports most of its code on first use (`await
 * import(…)` stays lazy), so a chunk that throws while loading fails only when a user reaches
 * it: exceljs's chunk threw "URL is not a constructor" until the first .xlsx came in (issue #28).
 * Loading each chunk in a fresh Node process finds that for the chunks no other test reaches.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve('dist');

/** Imports each file named on the command line and prints the ones that threw, as JSON. */
const LOADER = `
const failed = [];
for (const file of process.argv.slice(1)) {
  try { await import(file); } catch (error) { failed.push(file.split('/').pop() + ': ' + String(error)); }
}
process.stdout.write(JSON.stringify(failed));
`;

describe('the build', () => {
  it('has chunks that each load without an error', () => {
    const chunks = fs.readdirSync(DIST).filter((name) => /^chunk-.*\.js$/.test(name));
    expect(chunks.length).toBeGreaterThan(0);
    const files = chunks.map((name) => path.join(DIST, name));
    const loaded = spawnSync(process.execPath, ['--input-type=module', '-e', LOADER, ...files], { encoding: 'utf8', timeout: 60_000 });
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(JSON.parse(loaded.stdout)).toEqual([]);
  });
});
