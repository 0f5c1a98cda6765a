/** Config and spec of a document or template. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CheckedByUseCase, Ref, errorResponses } from '../../../kernel/schema.js';
import { TemplateSpec } from '../../templates/spec-schema.js';
import { AppliedSpecResponse } from '../../templates/templates.schemas.js';
import { ConfigBody, DocumentConfig } from './config.schemas.js';
import { requireDocument } from '../require-document.js';
import { documentDetail } from '../queries/get-document.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { applySpecToDocument } from '../../templates/commands/apply-spec-to-document.js';
import { getDocumentSpec } from '../../templates/queries/get-document-spec.js';
import { putConfig } from './commands/put-config.js';
import { getConfig } from './queries/get-config.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const tags = ['configuration'];

export function registerDocumentConfigRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v1/documents/:document_id/config',
    { schema: { operationId: 'getConfig', summary: 'The whole configuration with defaults resolved', description: 'Every group (models, synthesis, coordination, brief, voice, verify, render, tools) with its defaults filled in, plus the fields and sections by key; works on documents and templates. 404 when the document is absent.', tags, params: DocumentParams, response: { 200: Ref(DocumentConfig), ...errorResponses(404) } } },
    async (request) => getConfig(contextOf(request, deps), request.params.document_id),
  );

  app.put(
    '/v1/documents/:document_id/config',
    {
      schema: {
        operationId: 'putConfig',
        summary: 'Merge config groups and keys (atomic)',
        description:
          'Changes only the groups and keys sent (null resets a key to its default) in one transaction and answers with the resolved config. 422 listing every problem (an unknown group or key, a value of the wrong type, a computation that does not parse, a finalized document), nothing changed; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        body: Ref(ConfigBody),
        response: { 200: Ref(DocumentConfig), ...errorResponses(404, 422, 503) },
      },
    },
    async (request) => putConfig(contextOf(request, deps), request.params.document_id, request.body as Record<string, unknown>),
  );

  app.get(
    '/v1/documents/:document_id/spec',
    { schema: { operationId: 'getSpec', summary: 'The canonical authoring spec', description: 'The document or template as a spec (the body `PUT …/spec` and `POST /v1/templates` take), entities included; 404 when the document is absent.', tags, params: DocumentParams, response: { 200: Ref(TemplateSpec), ...errorResponses(404) } } },
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
