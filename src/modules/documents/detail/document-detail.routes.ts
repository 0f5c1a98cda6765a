/**
 * The document detail, `GET /v1/documents/{id}`: its header, sections, sources, fields and
 * data-needs, answered from a per-process cache of serialized bodies checked against the
 * database's revisions on every GET (document-detail-cache.ts), with an ETag and 304. The
 * detail itself is read by the reader app.ts hands in (document-detail-reader.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { matchesEtag } from '../../../kernel/entity-tag.js';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { sendJsonBytes } from '../../send-json-bytes.js';
import { DocumentDetail } from '../documents.schemas.js';
import { DEFAULT_DETAIL_CACHE_BYTES, DocumentDetailCache, type SerializedDetail, serializedDetail } from './document-detail-cache.js';
import type { DocumentDetailReader } from './document-detail-reader.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

const schema = {
  operationId: 'getDocument',
  summary: 'A document with its sections and sources',
  description:
    'The header, sections in order, numbered sources, fields and data-needs; 404 when the document is absent or of another organization. Each section whose output came from a run carries `staleBecause`: what it read in the latest run that rendered it (a field, gathered data, a correction, a computed value, a library text, its definition, the voice…) and differs now. ' +
    'The ETag is the SHA-256 of the body; `If-None-Match` naming it answers 304 with no body.',
  tags: ['documents'],
  params: DocumentParams,
  response: {
    200: Ref(DocumentDetail),
    304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
    ...errorResponses(404),
  },
};

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
 * Registers `GET /v1/documents/{id}` on the authenticated scope. `readDetail`: the workflow
 * tier's reader (adds `staleBecause`); `detailCacheBytes`: the budget of this app's cache of
 * serialized details in bytes (0 keeps none).
 */
export function registerDocumentDetailRoute(
  fastify: FastifyInstance,
  deps: RouteDeps,
  readDetail: DocumentDetailReader,
  options: { detailCacheBytes?: number } = {},
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const details = new DocumentDetailCache(options.detailCacheBytes ?? DEFAULT_DETAIL_CACHE_BYTES);

  app.get('/v1/documents/:document_id', { schema }, async (request, reply) => {
    const ctx = contextOf(request, deps);
    const orgId = ctx.actor.org.orgId;
    const documentId = request.params.document_id;
    // SQLite: nothing committed since this entry's revisions were last found current → they still are.
    const stamp = await ctx.repos.documentDetails.changeStamp();
    const unchanged = stamp === undefined ? undefined : details.unchangedSince(orgId, documentId, stamp);
    if (unchanged !== undefined) return sendDetail(request, reply, unchanged);
    // The revisions first, then the rows: a write committed in between makes the body newer
    // than the revisions it is stored under, never older, so the next GET reads it again.
    const revisions = await ctx.repos.documentDetails.revisionsOf(orgId, documentId);
    let answer = revisions === undefined ? undefined : details.get(orgId, documentId, revisions, stamp);
    if (answer === undefined) {
      const { detail, dependsOn } = await readDetail(ctx, documentId);
      // The route's own compiled serializer: a cached body is byte for byte what it would write.
      answer = serializedDetail(serializedBody(reply.serialize(detail)));
      if (revisions !== undefined && dependsOn !== 'clock') {
        const stored = { document: revisions.document, organization: dependsOn === 'organization' ? revisions.organization : null };
        details.set(orgId, documentId, stored, answer, stamp);
      }
    }
    return sendDetail(request, reply, answer);
  });
}
