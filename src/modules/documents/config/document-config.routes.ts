/** Config and spec of a document or template. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, errorResponses } from '../../../kernel/schema.js';
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
    { schema: { operationId: 'getConfig', summary: 'The whole configuration with defaults resolved', tags, params: DocumentParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getConfig(contextOf(request, deps), request.params.document_id),
  );

  app.put(
    '/v1/documents/:document_id/config',
    {
      schema: {
        operationId: 'putConfig',
        summary: 'Merge config groups and keys (atomic)',
        tags,
        params: DocumentParams,
        body: OpenObject({ description: 'groups → keys to change; null resets a key to its default' }),
        response: { 200: OpenObject(), ...errorResponses(404, 422) },
      },
    },
    async (request) => putConfig(contextOf(request, deps), request.params.document_id, request.body as Record<string, unknown>),
  );

  app.get(
    '/v1/documents/:document_id/spec',
    { schema: { operationId: 'getSpec', summary: 'The canonical authoring spec', tags, params: DocumentParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getDocumentSpec(contextOf(request, deps), request.params.document_id),
  );

  app.put(
    '/v1/documents/:document_id/spec',
    {
      schema: {
        operationId: 'putSpec',
        summary: 'Apply a full spec as desired state (one transaction)',
        tags,
        params: DocumentParams,
        body: { $ref: 'TemplateSpec' },
        response: { 200: OpenObject(), ...errorResponses(404, 422) },
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
