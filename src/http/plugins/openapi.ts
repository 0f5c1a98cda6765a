/**
 * OpenAPI 3.1 generated from the route schemas: `GET /openapi.json` (the whole service) and
 * `GET /v1/openapi.json` (the /v1 contract alone, info.version 1.0.0). Every named schema is a
 * component under its exact name, referenced with `$ref` by its operations.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ASSESSMENT_AREA_SCHEMAS, ASSESSMENT_AREA_TAGS } from '../../modules/assessments/assessment-area.schemas.js';
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
].join('\n');

/** Registers @fastify/swagger. Must run before any route is registered. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Quire', version, description: DESCRIPTION, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' }, contact: { name: 'Quire maintainers' } },
      servers: [{ url: '/', description: 'this server' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'auth', description: 'Dev login and the public key set' },
        { name: 'identity', description: 'Who am I, which organizations' },
        { name: 'service', description: 'Health and contract documents' },
        ...ASSESSMENT_AREA_TAGS,
      ],
    },
    // Components keep the contract's names instead of def-N.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (documentObject) => {
      const document = (documentObject as { openapiObject: Parameters<typeof markOptionalRequestBodies>[0] }).openapiObject;
      markOptionalRequestBodies(document);
      return document as never;
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
  // The assessment area's components belong to the unversioned document only.
  const areaIds = new Set(ASSESSMENT_AREA_SCHEMAS.map((s) => (s as { $id?: string }).$id));
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
