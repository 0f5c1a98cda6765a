/** `GET /v1/documents/{document_id}/export.docx`. Routes only adapt. */
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { DOCX_MEDIA_TYPE } from '../../docx/media-type.js';
import { exportDocx } from './queries/export-docx.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

/** True when an `If-None-Match` header names the entity tag (or `*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    // Weak comparison, as RFC 9110 prescribes for If-None-Match.
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Registers the export route. */
export function registerExportRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // Not the TypeBox type provider: it would type the reply after the 200 schema (a string),
  // while the body sent is a Buffer. The params are still validated by the schema.
  app.get<{ Params: Static<typeof DocumentParams> }>(
    '/v1/documents/:document_id/export.docx',
    {
      schema: {
        operationId: 'exportDocx',
        summary: 'The composed document as a .docx file',
        description:
          'Title page, optional table of contents, every section in order, bound snippets and risk blocks, and the sources ' +
          '(citations `[n]` become footnotes). The same content gives the same bytes; the ETag is their SHA-256.',
        tags: ['export'],
        params: DocumentParams,
        response: {
          200: {
            description: 'The .docx file; `Content-Disposition: attachment` carries the file name',
            headers: {
              'content-disposition': { type: 'string', description: 'attachment; filename="…"; filename*=UTF-8\'\'…' },
              etag: { type: 'string', description: 'SHA-256 of the bytes, quoted' },
            },
            content: { [DOCX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const result = await exportDocx(contextOf(request, deps), request.params.document_id);
      reply.header('etag', result.etag).header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], result.etag)) return reply.status(304).send(null);
      return reply
        .header('content-type', result.mediaType)
        .header('content-disposition', result.contentDisposition)
        .header('content-length', result.bytes.length)
        .send(result.bytes);
    },
  );
}
