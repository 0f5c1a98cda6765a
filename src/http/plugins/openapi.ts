/**
 * OpenAPI 3.1 generated from the route schemas: `GET /openapi.json` (the whole service) and
 * `GET /v1/openapi.json` (the /v1 contract alone, info.version 1.0.0). Every named schema is a
 * component under its exact name, referenced with `$ref` by its operations.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ASSESSMENT_AREA_SCHEMAS, ASSESSMENT_AREA_TAGS } from '../../modules/assessments/assessment-area.schemas.js';
import { OIDC_SIGN_IN_SCHEMAS } from '../../modules/identity/identity.schemas.js';
import { PROBE_SCHEMAS } from '../health.schemas.js';
import { addOperationExamples } from '../openapi-examples.js';
import { completeOperationContracts } from '../openapi-completion.js';
import { markOptionalRequestBodies } from './optional-body.js';

type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  tags?: Array<{ name: string }>;
} & Record<string, unknown>;

const DESCRIPTION = [
  'Quire turns templates into documents: fill fields, gather data, generate, verify citations, export .docx.',
  '',
  '**Try it here:** call `POST /auth/dev-login` (no body), copy the `token` from the answer into the',
  'Authentication box (Bearer), then call `GET /v1/whoami`. Send `X-Org-Slug: globex` to act in the',
  'second demo organization.',
  '',
  '**Paging:** every list that takes `?limit=&cursor=` names its next page in the `X-Next-Cursor` and',
  '`Link: <…>; rel="next"` headers, absent on the last page, whatever the shape of its body; a list',
  'wrapped under a named key also repeats the cursor in its body (`nextCursor` / `next_cursor`).',
].join('\n');

const SERVICE_TAGS = [
  { name: 'auth', description: 'Dev login and the public key set' },
  { name: 'service', description: 'Health and contract documents' },
];

/** Every tag a `/v1` operation uses, declared with what it groups. */
const V1_TAGS = [
  { name: 'identity', description: 'Who am I, which organizations' },
  { name: 'templates', description: 'Templates to instantiate, compiled from an authoring spec (JSON or YAML)' },
  { name: 'documents', description: 'Documents: create from a template, fields, lifecycle state, readiness, computed values' },
  { name: 'sections', description: "A document's sections: create, edit, reorder, hand-edited output" },
  { name: 'comments', description: 'Comment threads on sections: mentions, replies, resolve (every member comments; editors resolve)' },
  { name: 'suggestions', description: "Suggested edits of a section's text: propose, accept (a new version, as a hand edit) or reject" },
  { name: 'data-needs', description: 'What generation gathers before writing: fields, static values, templates, tools, the model, assessments' },
  { name: 'configuration', description: "A document's configuration groups and its canonical authoring spec" },
  { name: 'generation', description: 'Gather, generate, regenerate, follow the progress stream, read the synthesized context' },
  { name: 'live', description: 'Server-sent streams of what changed in a document or the organization, for views that update by themselves' },
  { name: 'history', description: 'Snapshots, section output versions, and generation snapshots to reproduce and compare' },
  { name: 'export', description: 'The document as .docx or PDF (its Word template when it has one, else its layout), and a page as an image' },
  { name: 'word-templates', description: "A firm's own .docx with Jinja tags, on a template or one document: inspect, store, read, remove" },
  {
    name: 'merge-runs',
    description: 'One template × a table of rows (JSON, CSV, .xlsx) → one document per row, rendered in the background, downloaded as a zip',
  },
  { name: 'library', description: "The organization's texts, snippets, risk blocks, voices and entities, and snippets bound to documents" },
  { name: 'tool-registrations', description: 'Built-in tool classes registered with non-secret configuration, for data-needs of kind tool' },
  { name: 'orchestration', description: 'The rulebook, and orchestrate: intake text to fields and bound snippets' },
  { name: 'assistants', description: 'Prompt assist, Jinja tidy and the language model status' },
  { name: 'organization', description: "The organization's own settings: the letterhead (name, address, logo) letters are printed on" },
  {
    name: 'webhooks',
    description: "Signed notifications of run outcomes (generation, extraction, batch) to the organization's endpoints, with every delivery attempt recorded",
  },
];

/** Registers @fastify/swagger. Must run before any route is registered. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire',
        version,
        description: DESCRIPTION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'Quire maintainers' },
      },
      servers: [{ url: '/', description: 'this server' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [...SERVICE_TAGS, ...V1_TAGS, ...ASSESSMENT_AREA_TAGS],
    },
    // Components keep the contract's names instead of def-N.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // The finished document: bodies whose keys are all optional marked so, examples added (a
    // `$ref` cannot carry them beside it in the route schemas).
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject;
      markOptionalRequestBodies(document as Parameters<typeof markOptionalRequestBodies>[0]);
      addOperationExamples(document as { paths?: Record<string, unknown> });
      completeOperationContracts(document as { paths?: Record<string, unknown> });
      return document;
    },
  });
}

/** Registers the two documents' routes (hidden from the documents themselves). */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  let v1Cache: OpenApiDocument | null = null;
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => {
    v1Cache ??= v1Document(app.swagger() as unknown as OpenApiDocument);
    return v1Cache;
  });
}

/** The /v1 contract: only /v1 paths, versioned 1.0.0, same components. */
function v1Document(full: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => path.startsWith('/v1/')));
  const usedTags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item as Record<string, { tags?: string[] }>)) for (const t of op.tags ?? []) usedTags.add(t);
  }
  // The assessment area's, the probes' and the console sign-in's components belong to the unversioned document only.
  const areaIds = new Set([...ASSESSMENT_AREA_SCHEMAS, ...PROBE_SCHEMAS, ...OIDC_SIGN_IN_SCHEMAS].map((s) => (s as { $id?: string }).$id));
  const components = full.components ?? {};
  const schemas = Object.fromEntries(Object.entries((components.schemas ?? {}) as Record<string, unknown>).filter(([name]) => !areaIds.has(name)));
  return {
    ...full,
    info: { ...full.info, title: 'Quire /v1', version: '1.0.0' },
    paths,
    components: { ...components, schemas },
    tags: (full.tags ?? []).filter((t) => usedTags.has(t.name)),
  };
}
