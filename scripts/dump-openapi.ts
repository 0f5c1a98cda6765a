/**
 * Writes both OpenAPI documents of the service, as it serves them, to a folder:
 * `npx tsx scripts/dump-openapi.ts out/` → out/openapi.json and out/v1-openapi.json.
 * A refactor that must not change the contract is checked by dumping before and after and
 * comparing the files byte for byte (`cmp`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { writeOpenApiDocuments } from './openapi-documents.js';

const outDir = process.argv[2];
if (!outDir) {
  process.stderr.write('usage: tsx scripts/dump-openapi.ts <out-dir>\n');
  process.exit(2);
}
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-openapi-'));
const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }));
try {
  await writeOpenApiDocuments(server.app, outDir);
} finally {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
