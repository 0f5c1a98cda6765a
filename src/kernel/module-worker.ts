/**
 * Starts a `worker_threads` Worker from a module that sits next to its caller, in both layouts
 * the service runs in:
 * - built (`dist/x.worker.js` exists): the `.js` file is started directly. The build bundles
 *   (scripts/build-server.mjs), so the caller's `import.meta.url` is the bundle's or one of its
 *   chunks', all flat in dist/; each `<name>.worker.ts` under src/ is an entry of its own there;
 * - from source (vitest, tsx): only `x.worker.ts` exists, and Node 20 does not apply an
 *   `execArgv: ['--import', 'tsx']` loader reliably inside workers (ERR_UNKNOWN_FILE_EXTENSION),
 *   so a tiny eval bootstrap registers tsx's ESM hooks in the worker itself and then imports the
 *   `.ts` module. tsx is a dev dependency, which is fine: this path is only taken from source.
 * A module that fails to load surfaces as the Worker's `error` event, like any uncaught error.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** tsx's ESM API entry: `require.resolve` yields the CommonJS one, which a worker cannot import. */
function tsxEsmApiUrl(): string {
  const cjs = require.resolve('tsx/esm/api');
  const mjs = cjs.replace(/\.cjs$/, '.mjs');
  return existsSync(mjs) ? pathToFileURL(mjs).href : 'tsx/esm/api';
}

/**
 * @param callerUrl the caller's `import.meta.url`
 * @param name the worker module's file name without extension, e.g. `pdf-text.worker`
 */
export function startModuleWorker(callerUrl: string, name: string, workerData: unknown, resourceLimits: ResourceLimits): Worker {
  const jsUrl = new URL(`./${name}.js`, callerUrl);
  if (existsSync(fileURLToPath(jsUrl))) return new Worker(jsUrl, { workerData, resourceLimits });
  const tsUrl = new URL(`./${name}.ts`, callerUrl);
  const bootstrap = `import(${JSON.stringify(tsxEsmApiUrl())}).then((api) => { api.register(); return import(${JSON.stringify(tsUrl.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}
