/**
 * Writes both OpenAPI documents of the service, as it serves them, to a folder:
 * `npx tsx scripts/dump-openapi.ts out/` → out/openapi.json and out/v1-openapi.json.
 * A refactor that must not change the contract is checked by dumping before and after and
 * comparing the files byte for byte (`cmp`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocuments } from './openapi-documents.js';

const outDir = process.argv[2];
if (!outDir) {
  process.stderr.write('usage: tsx scripts/dump-openapi.ts <out-dir>\n');
  process.exit(2);
}
await fs.mkdir(outDir, { recursive: true });
for (const [file, body] of Object.entries(await buildOpenApiDocuments())) await fs.writeFile(path.join(outDir, file), body);
