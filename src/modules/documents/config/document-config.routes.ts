/**
 * Config of a document or template. Routes only adapt. Its spec (`GET`/`PUT …/spec`) is served by
 * templates/document-spec.routes.ts: the spec is the templates module's, which builds on documents/.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { ConfigBody, DocumentConfig } from './config.schemas.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { putConfig } from './commands/put-config.js';
import { getConfig } from './queries/get-config.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const tags = ['configuration'];

/** Registers `GET`/`PUT …/config`; app.ts registers the spec routes right after (the OpenAPI order). */
export function registerDocumentConfigRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v1/documents/:document_id/config',
    {
      schema: {
        operationId: 'getConfig',
        summary: 'The whole configuration with defaults resolved',
        description:
          'Every group (models, synthesis, coordination, decisions, brief, voice, verify, render, tools) with its defaults filled in, plus the fields and sections by key; works on documents and templates. 404 when the document is absent.',
        tags,
        params: DocumentParams,
        response: { 200: Ref(DocumentConfig), ...errorResponses(404) },
      },
    },
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
}
