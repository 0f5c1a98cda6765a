/**
 * The built-service tier's global setup: once per run, before any of its files, dist/ and
 * dist/console are built when they are missing or stale, so `npm ci && npm test` on a fresh
 * checkout tests the build it would serve. Runs only when a file of the tier is selected.
 */
import { ensureConsoleBuilt, ensureServiceBuilt } from '../support/build-dist.js';

export default async function setup(): Promise<void> {
  await ensureServiceBuilt();
  await ensureConsoleBuilt();
}
