/**
 * Generates the two third-party clients the flow is written against, from the OpenAPI document
 * the service serves: oazapfts (its own CLI, as an integrator runs it) and openapi-typescript
 * (its API, with the options `npm run client:generate` uses). Both are pinned devDependencies and
 * run offline.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const require = createRequire(import.meta.url);

export async function generateClients(document: object, outDir: string): Promise<void> {
  await fs.mkdir(outDir, { recursive: true });
  const specFile = path.join(outDir, 'openapi.json');
  await fs.writeFile(specFile, JSON.stringify(document));
  const oazapftsCli = path.join(path.dirname(require.resolve('oazapfts')), 'cli.js');
  const oazapfts = spawnSync(process.execPath, [oazapftsCli, specFile, path.join(outDir, 'oazapfts.ts')], { encoding: 'utf8' });
  if (oazapfts.status !== 0) throw new Error(`oazapfts failed: ${oazapfts.stderr}`);
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { defaultNonNullable: false, silent: true });
  await fs.writeFile(path.join(outDir, 'openapi-types.ts'), astToString(ast));
}
