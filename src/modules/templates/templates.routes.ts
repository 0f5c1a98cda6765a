/** /v1/templates and /v1/config-schema. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CheckedByUseCase, Ref, errorResponses } from '../../kernel/schema.js';
import { DocumentDetail, DocumentSummary, ListTemplatesQuery } from '../documents/documents.schemas.js';
import { CONFIG_GROUP_NAMES, STORED_GROUPS } from '../documents/config/config-groups.js';
import { documentDetail } from '../documents/queries/get-document.js';
import type { DocumentFilter } from '../documents/document.repository.js';
import { listDocuments } from '../documents/queries/list-documents.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { applySpecToDocument } from './commands/apply-spec-to-document.js';
import { createTemplateFromSpec } from './commands/create-template-from-spec.js';
import { requireTemplateBySlug } from './queries/get-template.js';
import { TemplateSpec } from './spec-schema.js';
import { PagedArray, pageOf, sendPage } from '../paging.js';
import { ConfigSchemaResponse, TemplateCompileResult, TemplateReplaceResult } from './templates.schemas.js';

const SlugParams = Type.Object({ slug: Type.String() });
const tags = ['templates'];

export function registerTemplateRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerTemplateReads(fastify, deps);
  registerTemplateWrites(fastify, deps);
  registerTemplateConfigSchema(fastify);
}

/** The catalog's search and order as asked: a blank `q` filters nothing. */
function templateFilterOf(query: { q?: string; order?: string }): DocumentFilter {
  const q = query.q?.trim();
  return { titleSearch: q ? q : undefined, newestFirst: query.order === 'newest' };
}

/** List templates; read one. */
function registerTemplateReads(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/templates',
    {
      schema: {
        operationId: 'listTemplates',
        summary: 'Templates the caller can instantiate',
        description:
          "The active organization's templates, each with its `{key: value}` field map, oldest first or newest first with `order=newest`; `q` keeps those whose title matches (best match first); instantiate one with `POST /v1/documents`.",
        tags,
        querystring: ListTemplatesQuery,
        response: { 200: PagedArray(Ref(DocumentSummary)), ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listDocuments(contextOf(request, deps), { templates: true, filter: templateFilterOf(request.query) }, pageOf(request.query)),
      ),
  );

  app.get(
    '/v1/templates/:slug',
    {
      schema: {
        operationId: 'getTemplate',
        summary: 'One template (slug unique per organization)',
        description:
          "The template's detail, like a document's; 404 when no template of the active organization has the slug (one of another organization included).",
        tags,
        params: SlugParams,
        response: { 200: Ref(DocumentDetail), ...errorResponses(404) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      return documentDetail(ctx, await requireTemplateBySlug(ctx, request.params.slug));
    },
  );
}

/** Create and replace templates. */
function registerTemplateWrites(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/templates',
    {
      schema: {
        operationId: 'createTemplate',
        summary: 'Compile a spec into a template (dry_run: validate and report only)',
        description:
          'Compiles a TemplateSpec (JSON, or YAML with Content-Type application/yaml) into a new template with its sections, fields, data-needs, config and library entities (existing library keys are skipped with a warning). Answers 201 with the report and the template; with `dry_run=true` answers 200 with the report only, writing nothing. 422 naming every spec error with its path; 409 when the slug is taken.',
        tags,
        querystring: Type.Object({ dry_run: Type.Optional(Type.Boolean({ default: false })) }),
        // The body is checked by the spec compiler, which reports every problem with its path.
        body: CheckedByUseCase(Ref(TemplateSpec)),
        response: { 200: Ref(TemplateCompileResult), 201: Ref(TemplateCompileResult), ...errorResponses(409, 422, 503) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const dryRun = request.query.dry_run === true;
      const { report, template } = await createTemplateFromSpec(ctx, request.body, { dryRun });
      if (!template) return reply.status(200).send({ report, template: null, dryRun });
      return reply.status(201).send({ report, template: await documentDetail(ctx, template), dryRun });
    },
  );

  app.put(
    '/v1/templates/:slug',
    {
      schema: {
        operationId: 'replaceTemplate',
        summary: 'Replace a template from a spec',
        description:
          'Applies the spec to the template as its desired state (like `PUT …/spec`) and answers with the report and the template; 422 naming every spec error, nothing changed; 404 when no template has the slug.',
        tags,
        params: SlugParams,
        body: CheckedByUseCase(Ref(TemplateSpec)),
        response: { 200: Ref(TemplateReplaceResult), ...errorResponses(404, 422, 503) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const template = await requireTemplateBySlug(ctx, request.params.slug);
      const { report } = await applySpecToDocument(ctx, template, request.body);
      return { report, template: await documentDetail(ctx, await requireTemplateBySlug(ctx, template.slug ?? request.params.slug)) };
    },
  );
}

/** The JSON Schema of a template's config. */
function registerTemplateConfigSchema(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/config-schema',
    {
      schema: {
        operationId: 'getConfigSchema',
        summary: 'JSON Schema of the authoring spec and the config group keys',
        description: 'The JSON Schema that `POST /v1/templates`, `PUT /v1/templates/{slug}` and `PUT …/spec` take, and the keys of each config group.',
        tags,
        response: { 200: Ref(ConfigSchemaResponse) },
      },
    },
    async () => ({
      schema: { ...TemplateSpec },
      configGroups: Object.fromEntries(
        CONFIG_GROUP_NAMES.map((group) => [group, group in STORED_GROUPS ? Object.keys(STORED_GROUPS[group as keyof typeof STORED_GROUPS].defaults) : []]),
      ),
    }),
  );
}
