/**
 * Word templates (issue #30): inspect a .docx without storing it, and store, read and remove the
 * Word template of a template (`/v1/templates/{slug}/word-template`) or of one document
 * (`/v1/documents/{document_id}/word-template`, overriding its template's). Routes only adapt.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DomainValidationError } from '../../kernel/errors.js';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { multipartDocs } from '../assessments/route-schemas.js';
import { receiveUpload } from '../assessments/uploads/receive-upload.js';
import { requireTemplateBySlug } from '../templates/queries/get-template.js';
import { loadDocumentInputs } from '../generation/inputs/load-document-inputs.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { NO_CATALOG, inspectWordTemplateFile } from './queries/inspect-word-template-file.js';
import { wordNameCatalogOf } from './queries/word-name-catalog.js';
import { WordTemplateReport } from './word-templates.schemas.js';
import { registerWordTemplateOwnerRoutes } from './word-template-owner.routes.js';
import { requireDocument, requireEditableDocument } from '../documents/require-document.js';

const tags = ['word-templates'];
const FileForm = Type.Object({ file: Type.String({ format: 'binary', description: 'The .docx Word template' }) });

export function registerWordTemplateRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerInspect(fastify, deps);
  registerWordTemplateOwnerRoutes(fastify, deps, {
    kind: 'template',
    path: '/v1/templates/:slug/word-template',
    params: Type.Object({ slug: Type.String() }),
    find: (ctx, params: { slug: string }) => requireTemplateBySlug(ctx, params.slug),
    findEditable: (ctx, params: { slug: string }) => requireTemplateBySlug(ctx, params.slug),
    ownerPath: (owner) => `/v1/templates/${encodeURIComponent(owner.slug ?? '')}`,
  });
  registerWordTemplateOwnerRoutes(fastify, deps, {
    kind: 'document',
    path: '/v1/documents/:document_id/word-template',
    params: Type.Object({ document_id: Type.String() }),
    find: (ctx, params: { document_id: string }) => requireDocument(ctx, params.document_id),
    findEditable: (ctx, params: { document_id: string }) => requireEditableDocument(ctx, params.document_id),
    ownerPath: (owner) => `/v1/documents/${owner.id}`,
  });
}

/** `POST /v1/word-templates/inspect`: the report of a .docx, bound against a template's names when `template` names one. */
function registerInspect(fastify: FastifyInstance, deps: RouteDeps): void {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/v1/word-templates/inspect',
    {
      schema: {
        operationId: 'inspectWordTemplate',
        summary: 'Inspect a Word template without storing it',
        description:
          'multipart/form-data with one `file` part (.docx, checked like any upload). Answers every tag with its location and what it binds to, ' +
          'unknown names, section placeholders, the styles generated sections will use, and every problem (syntax errors with their location). ' +
          'With `template` (a template slug) names are bound against that template’s fields, computations, data, library and sections.',
        tags,
        querystring: Type.Object({ template: Type.Optional(Type.String({ description: 'Bind names against this template' })) }),
        response: { 200: Ref(WordTemplateReport), ...errorResponses(404, 413, 422) },
      },
      config: multipartDocs(FileForm),
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const slug = request.query.template;
      const catalog = slug ? await wordNameCatalogOf(await loadDocumentInputs(ctx, await requireTemplateBySlug(ctx, slug))) : NO_CATALOG;
      return inspectReceived(request, deps, catalog);
    },
  );
}

/** Receives the one file, inspects it, and removes it: inspecting stores nothing. */
async function inspectReceived(request: FastifyRequest, deps: RouteDeps, catalog: typeof NO_CATALOG) {
  const services = { blobs: deps.blobs, uploads: deps.uploads };
  return receiveUpload(
    request,
    { blobs: deps.blobs, maxBytes: deps.uploads.maxBytes },
    {
      notMultipart: 'send multipart/form-data with one `file` part (the .docx)',
      prepare: () => contextOf(request, deps),
      fields: [],
      requireFiles: true,
      use: async (ctx, received) => {
        if (received.files.length !== 1) throw new DomainValidationError('send exactly one `file` part (the .docx)');
        const [file] = received.files;
        const orgId = ctx.actor.org.orgId;
        try {
          const bytes = await deps.blobs.read(orgId, file.blob.key);
          return await inspectWordTemplateFile(services, { bytes, filename: file.filename, declaredMimeType: file.declared_mime_type }, catalog);
        } finally {
          await Promise.all(received.files.map((f) => deps.blobs.delete(orgId, f.blob.key)));
        }
      },
    },
  );
}
