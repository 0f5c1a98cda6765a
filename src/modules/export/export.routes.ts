/** `GET /v1/documents/{document_id}/export.docx` and `…/export.pdf`. Routes only adapt. */
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { DOCX_MEDIA_TYPE } from '../../docx/media-type.js';
import { matchesEtag } from '../../kernel/entity-tag.js';
import type { DocumentDocxServices } from './queries/document-docx.js';
import { exportDocx } from './queries/export-docx.js';
import { exportPdf, PDF_MEDIA_TYPE } from './queries/export-pdf.js';
import { PREVIEW_DPI, previewPage } from './queries/preview-page.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

const PdfQuery = Type.Object({
  comments: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'Print the claims the check stage flagged, as a "Review notes" annex after the text (each claim, its section and why). ' +
        'Ignored for a finalized document, which never carries reviewer comments.',
    }),
  ),
});

/** Where the exports read uploaded files, and what staleness resolves data-needs with (no call is made through them). */
function exportServices(deps: RouteDeps): DocumentDocxServices {
  return { blobs: deps.blobs, staleness: { model: deps.model, tools: deps.tools } };
}

/**
 * Registers the export routes. Not the TypeBox type provider: it would type the reply after the
 * 200 schema (a string), while the body sent is a Buffer. The params are still validated by the schema.
 */
export function registerExportRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerDocxExport(app, deps);
  registerPdfExport(app, deps);
  registerPagePreview(app, deps);
}

/** `export.docx`: the same content gives the same bytes, so the ETag is their hash and a match answers 304. */
function registerDocxExport(app: FastifyInstance, deps: RouteDeps): void {
  app.get<{ Params: Static<typeof DocumentParams> }>(
    '/v1/documents/:document_id/export.docx',
    {
      schema: {
        operationId: 'exportDocx',
        summary: 'The composed document as a .docx file',
        description:
          'Title page, optional table of contents, every section in order, bound snippets and risk blocks, and the sources ' +
          '(citations `[n]` become footnotes). A draft marks the claims the check stage flagged with Word comments (a finalized ' +
          'document carries none); a document with out-of-date sections opens with a notice naming them. ' +
          'The same content gives the same bytes; the ETag is their SHA-256.',
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
      const result = await exportDocx(contextOf(request, deps), exportServices(deps), request.params.document_id);
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

/** `export.pdf`: a weak ETag from the composed .docx, so a match answers 304 without converting. */
function registerPdfExport(app: FastifyInstance, deps: RouteDeps): void {
  app.get<{ Params: Static<typeof DocumentParams>; Querystring: Static<typeof PdfQuery> }>(
    '/v1/documents/:document_id/export.pdf',
    {
      schema: {
        operationId: 'exportPdf',
        summary: 'The composed document as a PDF file',
        description:
          'The .docx of `export.docx`, converted by LibreOffice, which updates the table of contents first so it shows page ' +
          "numbers, without the Word comments a draft's .docx carries on flagged claims (`comments=true` prints them as an annex). " +
          'A document with out-of-date sections opens with a notice naming them, as its .docx does. ' +
          'The ETag is weak (the same content converts to an equivalent PDF, not to the same bytes); `If-None-Match` ' +
          'with it answers 304 without converting. An installation without LibreOffice answers 503 saying how to enable PDF export; ' +
          'while every converter is busy or none has started yet, 503 with `Retry-After`.',
        tags: ['export'],
        params: DocumentParams,
        querystring: PdfQuery,
        response: {
          200: {
            description: 'The PDF file; `Content-Disposition: attachment` carries the file name',
            headers: {
              'content-disposition': { type: 'string', description: 'attachment; filename="…"; filename*=UTF-8\'\'…' },
              etag: { type: 'string', description: 'W/"pdf-<SHA-256 of the composed .docx>"' },
            },
            content: { [PDF_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
          ...errorResponses(404, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await exportPdf(contextOf(request, deps), { ...exportServices(deps), converter: deps.pdf }, request.params.document_id, {
        ifNoneMatch: request.headers['if-none-match'],
        comments: request.query.comments,
      });
      reply.header('etag', result.etag).header('cache-control', 'private, no-cache');
      if (result.notModified) return reply.status(304).send(null);
      return reply
        .header('content-type', result.mediaType)
        .header('content-disposition', result.contentDisposition)
        .header('content-length', result.bytes.length)
        .send(result.bytes);
    },
  );
}

const PreviewQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1, description: 'The page, from 1' }),
  dpi: Type.Integer({ minimum: PREVIEW_DPI.min, maximum: PREVIEW_DPI.max, default: PREVIEW_DPI.default, description: 'Resolution' }),
});

/** `preview.png`: one page as it prints, for a look at a filled Word template without a download. */
function registerPagePreview(app: FastifyInstance, deps: RouteDeps): void {
  app.get<{ Params: Static<typeof DocumentParams>; Querystring: Static<typeof PreviewQuery> }>(
    '/v1/documents/:document_id/preview.png',
    {
      schema: {
        operationId: 'previewPage',
        summary: 'One page of the document as an image',
        description:
          'The page as `export.pdf` prints it (the Word template when the document has one, else its layout), drawn as PNG. ' +
          'The ETag names the content, page and resolution; `If-None-Match` with it answers 304 without converting. 404 past the last page; ' +
          '503 (with `Retry-After` while busy) when LibreOffice or poppler is unavailable.',
        tags: ['export'],
        params: DocumentParams,
        querystring: PreviewQuery,
        response: {
          200: {
            description: 'The page as PNG',
            headers: { etag: { type: 'string' }, 'x-page-width': { type: 'integer' }, 'x-page-height': { type: 'integer' } },
            content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
          },
          304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
          ...errorResponses(404, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { page, dpi } = request.query;
      const services = { ...exportServices(deps), converter: deps.pdf };
      const result = await previewPage(contextOf(request, deps), services, request.params.document_id, {
        page,
        dpi,
        ifNoneMatch: request.headers['if-none-match'],
      });
      reply.header('etag', result.etag).header('cache-control', 'private, no-cache');
      if (result.notModified) return reply.status(304).send(null);
      return reply
        .header('content-type', 'image/png')
        .header('x-page-width', result.width)
        .header('x-page-height', result.height)
        .header('content-length', result.png.length)
        .send(result.png);
    },
  );
}
