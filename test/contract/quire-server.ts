/**
 * The server the contract tour checks: the built one (`dist/`, what ships, and much quicker to
 * start its extraction workers) when the build is fresh, as CI's is right after
 * `npm run build`; else the sources, through tsx. SQLite in a fresh DATA_DIR, with demo data.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distIsFresh } from '../../scripts/dist-freshness.mjs';
import type * as ConfigModule from '../../src/config.js';
import type { RunningServer } from '../../src/server.js';
import type * as ServerModule from '../../src/server.js';

export interface QuireServer extends RunningServer {
  /** `dist` or `src`: which build of the service answers. */
  build: 'dist' | 'src';
  /** Where the server keeps its data (the dev signing key, for tokens of other users). */
  dataDir: string;
  login(): Promise<string>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startQuire(env: Record<string, string>): Promise<QuireServer> {
  const build = distIsFresh(root) ? 'dist' : 'src';
  const base = pathToFileURL(path.join(root, build === 'dist' ? 'dist' : 'src', '/')).href;
  const { loadConfig } = (await import(new URL('config.js', base).href)) as typeof ConfigModule;
  const { startServer } = (await import(new URL('server.js', base).href)) as typeof ServerModule;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-contract-tour-data-'));
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }));
  return {
    ...server,
    build,
    dataDir,
    login: async () => {
      const response = await fetch(`${server.url}/auth/dev-login`, { method: 'POST' });
      if (response.status !== 200) throw new Error(`dev-login answered ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
    close: async () => {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
