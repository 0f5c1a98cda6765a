/**
 * Builds both OpenAPI documents of the service as it serves them, without listening on a port:
 * a throwaway SQLite data dir, the real app, `inject` for `/openapi.json` and `/v1/openapi.json`.
 * Used by dump-openapi.ts and contract-quality.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';


/** The two documents by file name: `openapi.json` (the whole service) and `v1-openapi.json`. */
export async function buildOpenApiDocuments(): Promise<Record<'openapi.json' | 'v1-openapi.json', string>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-openapi-'));
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }));
  try {
    const full = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    const v1 = await server.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    return { 'openapi.json': full.body, 'v1-openapi.json': v1.body };
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
