/**
 * What a document's inputs add up to: `GET /readiness` (the verdict and every gap) and
 * `GET /computed` (computations over the persisted gathered rows). Both read the input
 * assembler, which spans every base module, so they live in the workflow tier.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { getComputed } from './queries/get-computed.js';
import { getReadiness } from './queries/get-readiness.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

/** Registers readiness and computed on the authenticated scope (right after the document routes). */
export function registerReadinessRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['documents'];

  app.get(
    '/v1/documents/:document_id/readiness',
    { schema: { operationId: 'getReadiness', summary: 'Readiness verdict and gaps', tags, params: DocumentParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getReadiness(contextOf(request, deps), request.params.document_id),
  );

  app.get(
    '/v1/documents/:document_id/computed',
    { schema: { operationId: 'getComputed', summary: 'Computed values from persisted gathered rows', tags, params: DocumentParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getComputed(contextOf(request, deps), request.params.document_id),
  );
}
