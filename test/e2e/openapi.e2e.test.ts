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
  'CreateDocumentBody',
  'UpdateDocumentBody',
  'FieldsBody',
  'FieldModel',
  'FieldsResponse',
  'CreateSectionBody',
  'SectionEditBody',
  'SectionOutputBody',
  'ReorderSectionsBody',
  'DataNeedCreateBody',
  'DataNeedUpdateBody',
  'CreateTextBody',
  'UpdateTextBody',
  'SnippetCreateBody',
  'SnippetUpdateBody',
  'SetSnippetItemsBody',
  'SnippetItemInput',
  'BindSnippetBody',
  'UpdateDocumentSnippetBody',
  'CreateRiskBlockBody',
  'UpdateRiskBlockBody',
  'CreateVoiceBody',
  'UpdateVoiceBody',
  'CreateToolRegistrationBody',
  'CreateSnapshotBody',
  'DeleteSnapshotResponse',
  'DeleteFieldResponse',
  'SynthesizedContext',
  'SynthesisResponse',
  'SynthesisHistoryResponse',
  'GatherBody',
  'GenerateBody',
  'RegenerateBody',
  'OrchestrateBody',
  'StateBody',
  'PromptAssistBody',
  'PromptAssistResponse',
  'TidyTemplateBody',
  'TidyTemplateResponse',
  'GenerateResponse',
  'GenerateConflictResponse',
  'LlmStatusResponse',
  'OrgsResponse',
  'OrgSummary',
  'WhoamiResponse',
  'WhoamiUser',
  'HTTPValidationError',
  'ValidationError',
];

/** The spec's "Event kinds, in lifecycle order". */
const EVENT_KINDS = [
  'pipeline_started',
  'pipeline_blocked',
  'gather_started',
  'need_started',
  'need_finished',
  'need_failed',
  'need_cached',
  'orchestrate_started',
  'synthesize_started',
  'render_started',
  'verify_started',
  'verify_section_started',
  'verify_section_finished',
  'pipeline_finished',
  'pipeline_failed',
];

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  additionalProperties?: unknown;
} & Record<string, unknown>;
type Media = Record<string, { schema?: Schema }>;
type Operation = {
  security?: unknown[];
  responses?: Record<string, { description?: string; content?: Media }>;
  requestBody?: { content?: Media };
  operationId?: string;
  description?: string;
  tags?: string[];
};
type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  tags?: Array<{ name: string; description?: string }>;
};

function operationsOf(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([pathname, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${pathname}`, operation })),
  );
}

/** The schema a `$ref` names (one level), else the schema itself. */
function resolve(doc: Doc, schema: Schema): Schema {
  return schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
}

/** True for `{type: object}` that names no property and is no union: what a typed client cannot type. */
function isOpenObject(doc: Doc, schema: Schema): boolean {
  const target = resolve(doc, schema);
  if (target.type === 'array' && target.items) return isOpenObject(doc, target.items);
  if (target.oneOf || target.anyOf) return false;
  return target.type === 'object' && Object.keys(target.properties ?? {}).length === 0;
}

/** The `enum` of a property, looking through a nullable union. */
function enumOf(doc: Doc, schemaName: string, property: string): unknown[] | undefined {
  const schema = doc.components.schemas[schemaName]?.properties?.[property];
  if (!schema) return undefined;
  const branches = schema.anyOf ?? schema.oneOf ?? [schema];
  return branches.find((b) => Array.isArray(b.enum))?.enum;
}

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
    const publicPaths = new Set([
      '/health',
      '/ready',
      '/auth/jwks',
      '/auth/dev-login',
      '/auth/oidc/config',
      '/auth/oidc/token',
      '/auth/oidc/refresh',
      '/auth/oidc/revoke',
    ]);
    const operations = Object.entries(full.paths).flatMap(([pathname, item]) => Object.values(item).map((operation) => ({ pathname, operation })));
    const publicOperations = operations.filter((o) => publicPaths.has(o.pathname));
    const protectedOperations = operations.filter((o) => !publicPaths.has(o.pathname));
    expect(publicOperations.length).toBeGreaterThan(0);
    expect(protectedOperations.length).toBeGreaterThan(0);
    for (const { operation } of publicOperations) expect(operation.security ?? []).toEqual([]);
    for (const { operation } of protectedOperations) expect(operation.security).toEqual([{ bearerAuth: [] }]);
  });

  it('answer every /v1 JSON 2xx with a named schema, never an open object', () => {
    const jsonResponses = operationsOf(v1).flatMap(({ name, operation }) =>
      Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, response]) =>
          Object.entries(response.content ?? {})
            .filter(([type]) => type.includes('json'))
            .map(([, media]) => ({ where: `${name} ${status}`, schema: media.schema ?? {} })),
        ),
    );
    expect(jsonResponses.length).toBeGreaterThan(60);
    expect(jsonResponses.filter((r) => isOpenObject(v1, r.schema)).map((r) => r.where)).toEqual([]);
    const named = (schema: Schema): boolean =>
      Boolean(schema.$ref) ||
      (schema.type === 'array' && Boolean(schema.items && named(schema.items))) ||
      (schema.type === 'object' && Object.keys(schema.properties ?? {}).length > 0);
    expect(jsonResponses.filter((r) => !named(r.schema)).map((r) => r.where)).toEqual([]);
    expect(JSON.stringify(v1.paths['/v1/documents'].post.responses?.['201'])).toContain('#/components/schemas/DocumentDetail');
    expect(JSON.stringify(v1.paths['/v1/documents/{document_id}/readiness'].get.responses?.['200'])).toContain('#/components/schemas/Readiness');
    expect(enumOf(v1, 'Readiness', 'ui_state')).toEqual(['ready', 'needs_input', 'blocked']);
    expect(v1.components.schemas.Section.properties).toHaveProperty('staleBecause');
  });

  it('give every closed set as one enum, taken from the code', () => {
    expect(v1.components.schemas.StateBody.properties?.state.enum).toEqual(['draft', 'under-review', 'finalized']);
    expect(enumOf(v1, 'DocumentHeader', 'state')).toEqual(['draft', 'under-review', 'finalized']);
    expect(enumOf(v1, 'Section', 'render_mode')).toEqual(['templated', 'synthesized']);
    expect(enumOf(v1, 'CreateSectionBody', 'render_mode')).toEqual(['templated', 'synthesized']);
    expect(enumOf(v1, 'Section', 'output_type')).toEqual(['string', 'markdown', 'json', 'list', 'table']);
    expect(enumOf(v1, 'SectionEditBody', 'output_type')).toEqual(['string', 'markdown', 'json', 'list', 'table']);
    expect(enumOf(v1, 'Section', 'status')).toEqual(['empty', 'generated', 'edited', 'stale', 'failed']);
    expect(enumOf(v1, 'SectionEditBody', 'status')).toEqual(['empty', 'generated', 'edited', 'stale', 'failed']);
    expect(enumOf(v1, 'DataNeedCreateBody', 'kind')).toEqual(['field', 'static', 'template', 'tool', 'llm', 'assessment']);
    expect(enumOf(v1, 'DataNeed', 'kind')).toEqual(['field', 'static', 'template', 'tool', 'llm', 'assessment']);
    expect(enumOf(v1, 'SnippetItemInput', 'itemType')).toEqual(['text', 'risk_block']);
    expect(enumOf(v1, 'CreateRiskBlockBody', 'status')).toEqual(['draft', 'approved']);
    expect(enumOf(v1, 'UpdateRiskBlockBody', 'status')).toEqual(['draft', 'approved']);
    expect(enumOf(v1, 'RiskBlock', 'status')).toEqual(['draft', 'approved']);
    const valueTypes = ['string', 'number', 'integer', 'boolean', 'date', 'email', 'url', 'enum', 'text'];
    for (const [schema, property] of [
      ['CreateTextBody', 'valueType'],
      ['FieldModel', 'valueType'],
      ['Text', 'valueType'],
    ])
      expect(enumOf(v1, schema, property)).toEqual(valueTypes);
    expect(enumOf(v1, 'CreateToolRegistrationBody', 'classPath')).toEqual(['http.json', 'mcp.http', 'builtin.date_add', 'builtin.currency_convert']);
    // One enum, never a union of single-value literals.
    const singleLiteralUnions = Object.entries(v1.components.schemas).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([, p]) => (p.anyOf ?? []).filter((b) => b.const !== undefined || b.enum?.length === 1).length > 1)
        .map(([key]) => `${name}.${key}`),
    );
    expect(singleLiteralUnions).toEqual([]);
  });

  it('document errors per status: 422 as oneOf a string detail and HTTPValidationError; 401 and organization-not-found 404 on every authenticated operation', () => {
    const create = v1.paths['/v1/documents'].post.responses ?? {};
    expect(create['422'].content?.['application/json'].schema?.oneOf).toEqual([
      { $ref: '#/components/schemas/ErrorMessage' },
      { $ref: '#/components/schemas/HTTPValidationError' },
    ]);
    expect(v1.components.schemas.ErrorMessage.properties?.detail).toMatchObject({ type: 'string' });
    const authenticated = operationsOf(full).filter(({ operation }) => (operation.security ?? []).length > 0);
    expect(authenticated.length).toBeGreaterThan(60);
    expect(authenticated.filter(({ operation }) => !operation.responses?.['401']).map((o) => o.name)).toEqual([]);
    expect(authenticated.filter(({ operation }) => !operation.responses?.['404']).map((o) => o.name)).toEqual([]);
    expect(v1.paths['/v1/whoami'].get.responses?.['404'].description).toContain('organization not found');
    expect(JSON.stringify(v1.paths['/v1/documents/{document_id}/generate'].post.responses?.['409'])).toContain('#/components/schemas/GenerateConflictResponse');
  });

  it('reference TemplateSpec from template create/replace and spec PUT, and ConfigBody with named groups from config PUT', () => {
    for (const [pathname, method] of [
      ['/v1/templates', 'post'],
      ['/v1/templates/{slug}', 'put'],
      ['/v1/documents/{document_id}/spec', 'put'],
    ]) {
      expect(v1.paths[pathname][method].requestBody?.content?.['application/json'].schema?.$ref, `${method} ${pathname}`).toBe(
        '#/components/schemas/TemplateSpec',
      );
    }
    expect(v1.paths['/v1/documents/{document_id}/config'].put.requestBody?.content?.['application/json'].schema?.$ref).toBe('#/components/schemas/ConfigBody');
    const groups = v1.components.schemas.ConfigBody.properties ?? {};
    for (const group of ['models', 'synthesis', 'coordination', 'brief', 'voice', 'verify', 'render', 'tools']) {
      const ref = String(groups[group]?.$ref);
      expect(v1.components.schemas[ref.replace('#/components/schemas/', '')]?.properties, group).toBeDefined();
    }
  });

  it('document the progress stream as one union of its event kinds, discriminated by event', () => {
    const progressEvent = v1.components.schemas.ProgressEvent as Schema & { discriminator?: { propertyName: string; mapping: Record<string, string> } };
    expect(progressEvent.discriminator?.propertyName).toBe('event');
    expect(Object.keys(progressEvent.discriminator?.mapping ?? {}).sort()).toEqual([...EVENT_KINDS].sort());
    expect(progressEvent.oneOf).toHaveLength(EVENT_KINDS.length);
    for (const variant of progressEvent.oneOf ?? []) {
      const schema = resolve(v1, variant);
      expect(schema.properties?.event.enum ?? [schema.properties?.event.const]).toEqual([expect.any(String)]);
      expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['event', 'seq', 'runId', 'ts']));
    }
    expect(resolve(v1, { $ref: progressEvent.discriminator?.mapping.need_failed }).properties).toHaveProperty('error');
    const stream = v1.paths['/v1/documents/{document_id}/progress'].get.responses?.['200'].content?.['text/event-stream'].schema;
    expect(JSON.stringify(stream)).toContain('#/components/schemas/ProgressEvent');
  });

  it('describe every /v1 operation and declare every tag used, with examples on the main operations', () => {
    const operations = operationsOf(v1);
    expect(operations.filter(({ operation }) => !operation.description || operation.description.length < 30).map((o) => o.name)).toEqual([]);
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    const declared = new Map((v1.tags ?? []).map((t) => [t.name, t.description]));
    expect([...used].filter((tag) => !declared.get(tag))).toEqual([]);
    const examples = (pathname: string, method: string) => JSON.stringify(v1.paths[pathname][method]);
    for (const [pathname, method] of [
      ['/v1/documents', 'post'],
      ['/v1/documents/{document_id}/fields', 'put'],
      ['/v1/documents/{document_id}/readiness', 'get'],
      ['/v1/documents/{document_id}/generate', 'post'],
      ['/v1/templates', 'post'],
    ]) {
      expect(examples(pathname, method), `${method} ${pathname}`).toMatch(/"examples?"/);
    }
  });

  it('lint with spectral (spectral:oas) with zero errors', async () => {
    const dir = await fs.mkdtemp(path.join(server.dataDir, 'spectral-'));
    for (const [name, doc] of [
      ['full', full],
      ['v1', v1],
    ] as const) {
      const file = path.join(dir, `${name}.json`);
      await fs.writeFile(file, JSON.stringify(doc));
      const bin = path.resolve('node_modules/.bin/spectral');
      const result = await run(bin, ['lint', file, '--ruleset', path.resolve('.spectral.yaml'), '--format', 'json', '--quiet', '--fail-severity', 'error'], {
        timeout: 60_000,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }));
      const findings = JSON.parse(result.stdout || '[]') as Array<{ severity: number; code: string; message: string; path: string[] }>;
      const errors = findings.filter((f) => f.severity === 0);
      expect(errors.map((e) => `${e.code} ${e.path.join('.')}: ${e.message}`)).toEqual([]);
    }
  });
});
