/**
 * Generates the two third-party clients the flow is written against, from the OpenAPI document
 * the service serves: openapi-typescript (its API, with the options `npm run client:generate`
 * uses; the flow calls it through openapi-fetch) and hey-api (@hey-api/openapi-ts with its fetch
 * client, as its docs configure it; `.js` import suffixes so the flow compiles under NodeNext).
 * oazapfts is generated too, only for the finding that keeps it out of the flow
 * (docs/adr/0771-binary-answers-typed-errors.md). All are pinned devDependencies and run offline.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';

const require = createRequire(import.meta.url);

export async function generateClients(document: object, outDir: string): Promise<void> {
  await fs.mkdir(outDir, { recursive: true });
  const specFile = path.join(outDir, 'openapi.json');
  await fs.writeFile(specFile, JSON.stringify(document));
  runOazapfts(specFile, path.join(outDir, 'oazapfts.ts'));
  await createClient({
    input: specFile,
    output: { path: path.join(outDir, 'hey-api'), importFileExtension: '.js' },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent', file: false },
  });
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { defaultNonNullable: false, silent: true });
  await fs.writeFile(path.join(outDir, 'openapi-types.ts'), astToString(ast));
}

/** oazapfts' own CLI, with no option, as an integrator runs it. */
function runOazapfts(specFile: string, outFile: string): void {
  const oazapftsCli = path.join(path.dirname(require.resolve('oazapfts')), 'cli.js');
  const oazapfts = spawnSync(process.execPath, [oazapftsCli, specFile, outFile], { encoding: 'utf8' });
  if (oazapfts.status !== 0) throw new Error(`oazapfts failed: ${oazapfts.stderr}`);
}

/**
 * Which of its runtime's decoders (`fetchJson`, `fetchText`, `fetchBlob`) a generated oazapfts
 * client calls in one operation (docs/adr/0771-binary-answers-typed-errors.md).
 */
export function oazapftsDecoderIn(source: string, operationId: string): string | undefined {
  const start = source.indexOf(`export function ${operationId}(`);
  return start < 0 ? undefined : /oazapfts\.(fetch\w+)/.exec(source.slice(start))?.[1];
}
