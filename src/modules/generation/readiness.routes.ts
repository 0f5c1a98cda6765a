/**
 * What a document's inputs add up to: `GET /readiness` (the verdict and every gap),
 * `GET /computed` (computations over the persisted gathered rows) and `PUT /state`, whose
 * `finalized` is gated on readiness, and the document detail (`GET /v1/documents/{id}`) and
 * section list (`GET …/sections`), whose generated sections carry `staleBecause` (derived from
 * the latest run's derivation record). All read the input assembler, which spans every base
 * module, so they live in the workflow tier.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { setLifecycleState } from '../documents/commands/set-lifecycle-state.js';
import { DocumentDetail, StateBody } from '../documents/documents.schemas.js';
import { Section } from '../documents/sections/sections.schemas.js';
import { ComputedResponse, Readiness } from './generation.schemas.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { getComputed } from './queries/get-computed.js';
import { documentDetailWithStaleness, listSectionsWithStaleness, readDocumentDetail } from './queries/document-staleness.js';
import { matchesEtag } from '../../kernel/entity-tag.js';
import { sendJsonBytes } from '../send-json-bytes.js';
import { DEFAULT_DETAIL_CACHE_BYTES, type SerializedDetail, SerializedDetailCache, serializedDetail } from './serialized-detail-cache.js';
import { finalizeBlockers } from './inputs/readiness-input.js';
import { getReadiness } from './queries/get-readiness.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

/** A JSON schema serializer writes text; anything else here is a programming error. */
function serializedBody(body: unknown): string {
  if (typeof body !== 'string') throw new Error('the response serializer did not write text');
  return body;
}

/**
 * A serialized detail with its ETag, or 304 when `If-None-Match` names it. Cache-Control stays
 * the authenticated default (`no-store`): a browser keeps no copy of a tenant's document; a
 * client that keeps one itself can still ask with If-None-Match.
 */
function sendDetail(request: FastifyRequest, reply: FastifyReply, answer: SerializedDetail): FastifyReply {
  reply.header('etag', answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.status(304).send(null);
  return sendJsonBytes(reply, answer.body);
}

/**
 * Registers lifecycle state, readiness and computed on the authenticated scope (right after the
 * document routes). `detailCacheBytes`: the budget of this app's cache of serialized document
 * details in bytes (serialized-detail-cache.ts; 0 keeps none).
 */
export function registerReadinessRoutes(fastify: FastifyInstance, deps: RouteDeps, options: { detailCacheBytes?: number } = {}): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['documents'];
  const details = new SerializedDetailCache(options.detailCacheBytes ?? DEFAULT_DETAIL_CACHE_BYTES);

  app.get(
    '/v1/documents/:document_id',
    {
      schema: {
        operationId: 'getDocument',
        summary: 'A document with its sections and sources',
        description:
          'The header, sections in order, numbered sources, fields and data-needs; 404 when the document is absent or of another organization. Each section whose output came from a run carries `staleBecause`: what it read in the latest run that rendered it (a field, gathered data, a correction, a computed value, a library text, its definition, the voice…) and differs now. ' +
          'The ETag is the SHA-256 of the body; `If-None-Match` naming it answers 304 with no body.',
        tags,
        params: DocumentParams,
        response: {
          200: Ref(DocumentDetail),
          304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const orgId = ctx.actor.org.orgId;
      const documentId = request.params.document_id;
      // The revisions first, then the rows: a write committed in between makes the body newer
      // than the revisions it is stored under, never older, so the next GET reads it again.
      const revisions = await ctx.repos.documentDetails.revisionsOf(orgId, documentId);
      let answer = revisions === undefined ? undefined : details.get(orgId, documentId, revisions);
      if (answer === undefined) {
        const { detail, dependsOn } = await readDocumentDetail(ctx, deps, documentId);
        // The route's own compiled serializer: a cached body is byte for byte what it would write.
        answer = serializedDetail(serializedBody(reply.serialize(detail)));
        if (revisions !== undefined && dependsOn !== 'clock') {
          details.set(orgId, documentId, { document: revisions.document, organization: dependsOn === 'organization' ? revisions.organization : null }, answer);
        }
      }
      return sendDetail(request, reply, answer);
    },
  );

  app.get(
    '/v1/documents/:document_id/sections',
    { schema: { operationId: 'listSections', summary: 'Sections in order', description: 'The document\'s sections in order; each whose output came from a run carries `staleBecause` (see `getDocument`). 404 when the document is absent.', tags: ['sections'], params: DocumentParams, response: { 200: Type.Array(Ref(Section)), ...errorResponses(404) } } },
    async (request) => listSectionsWithStaleness(contextOf(request, deps), deps, request.params.document_id),
  );

  app.put(
    '/v1/documents/:document_id/state',
    { schema: { operationId: 'setState', summary: 'Set the lifecycle state (draft, under-review, finalized)', description: 'Any state may follow any other, but `finalized` is refused (422 naming the blockers, nothing changed) while the document has a blocking readiness gap, judged as a finalized document: a draft risk block bound, a required field empty, a value not of its type…. 422 for a state outside the three; 404 when the document is absent.', tags, params: DocumentParams, body: Ref(StateBody), response: { 200: Ref(DocumentDetail), ...errorResponses(404, 422) } } },
    async (request) => {
      const ctx = contextOf(request, deps);
      const document = await setLifecycleState(ctx, request.params.document_id, request.body.state, finalizeBlockers);
      return documentDetailWithStaleness(ctx, deps, document);
    },
  );

  app.get(
    '/v1/documents/:document_id/readiness',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness verdict and gaps',
        description:
          'Whether generation should proceed, the UI state (`ready`, `needs_input`: a person can fill the gaps, `blocked`: the definition must change) and every gap with its subject and whether it blocks. The same verdict gates `POST …/generate` (`pipeline_blocked`). Templates are checked in a tenant-code worker: one too costly to check is a `template_syntax_error` gap naming its budget. 404 when the document is absent; 503 with `Retry-After` when the service is overloaded.',
        tags,
        params: DocumentParams,
        response: {
          200: Ref(Readiness),
          ...errorResponses(404, 503),
        },
      },
    },
    async (request) => getReadiness(contextOf(request, deps), request.params.document_id),
  );

  app.get(
    '/v1/documents/:document_id/computed',
    { schema: { operationId: 'getComputed', summary: 'Computed values from persisted gathered rows', description: 'Evaluates the named computations over the stored gathered values and the fields, never dispatching a tool, and says which inputs are missing; 404 when the document is absent, 422 naming the budget (time, memory, depth, sequence, size, queue) when a computation runs out of one.', tags, params: DocumentParams, response: { 200: Ref(ComputedResponse), ...errorResponses(404, 422) } } },
    async (request) => getComputed(contextOf(request, deps), request.params.document_id),
  );
}
