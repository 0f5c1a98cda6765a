/**
 * Builds what `npm start` serves when it is missing or older than its sources, with the same
 * freshness rules as scripts/start.mjs (scripts/dist-freshness.mjs): the service's dist/ and the
 * console's dist/console. CI has built both already, so there this only checks their times.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve('.');

async function freshness(): Promise<{ distIsFresh(root: string): boolean; consoleIsFresh(root: string): boolean }> {
  return import('../../scripts/dist-freshness.mjs');
}

/**
 * The service's bundle, without the type-check `npm start` runs first: tsc does not change what
 * esbuild writes, and `npm run typecheck` checks the same sources on its own.
 */
export async function ensureServiceBuilt(): Promise<void> {
  if ((await freshness()).distIsFresh(ROOT)) return;
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-typecheck'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`the service build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Builds dist/console when it is missing or older than packages/console (CI has built it already). */
export async function ensureConsoleBuilt(): Promise<void> {
  if ((await freshness()).consoleIsFresh(ROOT)) return;
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', '@quire/console'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`the console build failed:\n${result.stdout}\n${result.stderr}`);
}
