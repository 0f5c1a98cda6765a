/**
 * The authoring spec of a document or template: `GET …/spec` (the canonical spec) and `PUT …/spec`
 * (applied as desired state). Here, not in documents/config/: the spec and its compiler are this
 * module's, and documents/ never imports templates/ (docs/adr/0281-no-import-cycles.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CheckedByUseCase, Ref, errorResponses } from '../../kernel/schema.js';
import { documentDetail } from '../documents/queries/get-document.js';
import { requireDocument } from '../documents/require-document.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { applySpecToDocument } from './commands/apply-spec-to-document.js';
import { getDocumentSpec } from './queries/get-document-spec.js';
import { TemplateSpec } from './spec-schema.js';
import { AppliedSpecResponse } from './templates.schemas.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const tags = ['configuration'];

/** Registers the spec routes on the authenticated scope, right after the config routes (the OpenAPI order). */
export function registerDocumentSpecRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v1/documents/:document_id/spec',
    {
      schema: {
        operationId: 'getSpec',
        summary: 'The canonical authoring spec',
        description:
          'The document or template as a spec (the body `PUT …/spec` and `POST /v1/templates` take), entities included; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        response: { 200: Ref(TemplateSpec), ...errorResponses(404) },
      },
    },
    async (request) => getDocumentSpec(contextOf(request, deps), request.params.document_id),
  );

  app.put(
    '/v1/documents/:document_id/spec',
    {
      schema: {
        operationId: 'putSpec',
        summary: 'Apply a full spec as desired state (one transaction)',
        description:
          'Syncs sections, fields, data-needs, config and the organization entities the spec defines to match it, and answers with the document detail and the compile report. 422 naming every spec error with its path, nothing changed; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        // The spec compiler reports every problem with its path, so it checks the body.
        body: CheckedByUseCase(Ref(TemplateSpec)),
        response: { 200: Ref(AppliedSpecResponse), ...errorResponses(404, 422, 503) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const document = await requireDocument(ctx, request.params.document_id);
      const { report } = await applySpecToDocument(ctx, document, request.body);
      return { ...(await documentDetail(ctx, await requireDocument(ctx, document.id))), report };
    },
  );
}
