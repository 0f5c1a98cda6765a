/**
 * The contract documents: OpenAPI 3.1, every named schema of the spec present under its exact
 * name, the bearer scheme on every protected operation, and a clean spectral (spectral:oas) lint.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/test-server.js';

const run = promisify(execFile);

/** Every schema name the spec's "Resources and their fields" and "Other bodies" tables give. */
const SPEC_SCHEMA_NAMES = [
  'CreateDocumentBody', 'UpdateDocumentBody', 'FieldsBody', 'FieldModel', 'FieldsResponse',
  'CreateSectionBody', 'SectionEditBody', 'SectionOutputBody', 'ReorderSectionsBody',
  'DataNeedCreateBody', 'DataNeedUpdateBody',
  'CreateTextBody', 'UpdateTextBody',
  'SnippetCreateBody', 'SnippetUpdateBody', 'SetSnippetItemsBody', 'SnippetItemInput', 'BindSnippetBody', 'UpdateDocumentSnippetBody',
  'CreateRiskBlockBody', 'UpdateRiskBlockBody', 'CreateVoiceBody', 'UpdateVoiceBody', 'CreateToolRegistrationBody',
  'CreateSnapshotBody', 'DeleteSnapshotResponse', 'DeleteFieldResponse',
  'SynthesizedContext', 'SynthesisResponse', 'SynthesisHistoryResponse',
  'GatherBody', 'GenerateBody', 'RegenerateBody', 'OrchestrateBody', 'StateBody', 'PromptAssistBody', 'PromptAssistResponse',
  'TidyTemplateBody', 'TidyTemplateResponse', 'GenerateResponse', 'GenerateConflictResponse', 'LlmStatusResponse',
  'OrgsResponse', 'OrgSummary', 'WhoamiResponse', 'WhoamiUser', 'HTTPValidationError', 'ValidationError',
];

type Operation = { security?: unknown[]; responses?: Record<string, unknown>; operationId?: string };
type Doc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

describe('OpenAPI documents', () => {
  let server: TestServer;
  let full: Doc;
  let v1: Doc;

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
    full = (await (await server.call('GET', '/openapi.json')).json()) as Doc;
    v1 = (await (await server.call('GET', '/v1/openapi.json')).json()) as Doc;
  });
  afterAll(async () => server?.close());

  it('are OpenAPI 3.1; the /v1 document is version 1.0.0 and holds only /v1 paths', () => {
    expect(full.openapi.startsWith('3.1')).toBe(true);
    expect(v1.openapi.startsWith('3.1')).toBe(true);
    expect(v1.info.version).toBe('1.0.0');
    expect(Object.keys(v1.paths).length).toBeGreaterThan(0);
    expect(Object.keys(v1.paths).every((p) => p.startsWith('/v1/'))).toBe(true);
    expect(Object.keys(full.paths)).toEqual(expect.arrayContaining(['/health', '/auth/dev-login', '/auth/jwks', '/v1/whoami']));
  });

  it('define every named schema of the spec under its exact name', () => {
    for (const doc of [full, v1]) {
      const missing = SPEC_SCHEMA_NAMES.filter((name) => !(name in doc.components.schemas));
      expect(missing).toEqual([]);
    }
  });

  it('reference named schemas by $ref from their operations', () => {
    const whoami = JSON.stringify(v1.paths['/v1/whoami'].get.responses?.['200']);
    expect(whoami).toContain('#/components/schemas/WhoamiResponse');
  });

  it('apply the bearer scheme to every protected operation and none to the public ones', () => {
    const publicPaths = new Set(['/health', '/ready', '/auth/jwks', '/auth/dev-login']);
    const operations = Object.entries(full.paths).flatMap(([pathname, item]) => Object.values(item).map((operation) => ({ pathname, operation })));
    const publicOperations = operations.filter((o) => publicPaths.has(o.pathname));
    const protectedOperations = operations.filter((o) => !publicPaths.has(o.pathname));
    expect(publicOperations.length).toBeGreaterThan(0);
    expect(protectedOperations.length).toBeGreaterThan(0);
    for (const { operation } of publicOperations) expect(operation.security ?? []).toEqual([]);
    for (const { operation } of protectedOperations) expect(operation.security).toEqual([{ bearerAuth: [] }]);
  });

  it('lint with spectral (spectral:oas) with zero errors', async () => {
    const dir = await fs.mkdtemp(path.join(server.dataDir, 'spectral-'));
    for (const [name, doc] of [['full', full], ['v1', v1]] as const) {
      const file = path.join(dir, `${name}.json`);
      await fs.writeFile(file, JSON.stringify(doc));
      const bin = path.resolve('node_modules/.bin/spectral');
      const result = await run(bin, ['lint', file, '--ruleset', path.resolve('.spectral.yaml'), '--format', 'json', '--quiet', '--fail-severity', 'error'], { timeout: 60_000 })
        .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }));
      const findings = JSON.parse(result.stdout || '[]') as Array<{ severity: number; code: string; message: string; path: string[] }>;
      const errors = findings.filter((f) => f.severity === 0);
      expect(errors.map((e) => `${e.code} ${e.path.join('.')}: ${e.message}`)).toEqual([]);
    }
  });
});
