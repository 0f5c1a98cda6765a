/**
 * The two OpenAPI documents of the service, as it serves them: `/openapi.json` (the whole
 * service) and `/v1/openapi.json` (the `/v1` paths). Read through `inject`, so no port is needed:
 * dump-openapi.ts and contract-quality.ts build them on a throwaway SQLite data dir; the contract
 * tour writes them from the server it runs.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

export const OPENAPI_DOCUMENTS = [
  { url: '/openapi.json', file: 'openapi.json' },
  { url: '/v1/openapi.json', file: 'v1-openapi.json' },
] as const;

type DocumentFile = (typeof OPENAPI_DOCUMENTS)[number]['file'];

/** Both documents of a running app, by file name. */
export async function readOpenApiDocuments(app: FastifyInstance): Promise<Record<DocumentFile, string>> {
  const documents = {} as Record<DocumentFile, string>;
  for (const { url, file } of OPENAPI_DOCUMENTS) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    documents[file] = response.body;
  }
  return documents;
}

/** Writes both documents of a running app into `outDir`; returns the file paths, in OPENAPI_DOCUMENTS order. */
export async function writeOpenApiDocuments(app: FastifyInstance, outDir: string): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const documents = await readOpenApiDocuments(app);
  const files: string[] = [];
  for (const { file } of OPENAPI_DOCUMENTS) {
    const target = path.join(outDir, file);
    await fs.writeFile(target, documents[file]);
    files.push(target);
  }
  return files;
}

/** Both documents, built on a throwaway SQLite data dir without listening on a port. */
export async function buildOpenApiDocuments(): Promise<Record<DocumentFile, string>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-openapi-'));
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }));
  try {
    return await readOpenApiDocuments(server.app);
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
