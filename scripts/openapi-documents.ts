/**
 * The two OpenAPI documents of the service, as it serves them: `/openapi.json` (the whole
 * service) and `/v1/openapi.json` (the `/v1` paths). Written to files by dump-openapi.ts and
 * read by the contract tour.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_DOCUMENTS = [
  { url: '/openapi.json', file: 'openapi.json' },
  { url: '/v1/openapi.json', file: 'v1-openapi.json' },
] as const;

/** Writes both documents into `outDir`; returns the file paths, in OPENAPI_DOCUMENTS order. */
export async function writeOpenApiDocuments(app: FastifyInstance, outDir: string): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const files: string[] = [];
  for (const { url, file } of OPENAPI_DOCUMENTS) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    const target = path.join(outDir, file);
    await fs.writeFile(target, response.body);
    files.push(target);
  }
  return files;
}
