/**
 * `GET /documents/{id}/pages/{page_number}/image`: a source document's page as an image, for the
 * review screen (issue #16) to draw `page_region` boxes on. Same tenancy as every route of the
 * area: another organization's document is 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { assessmentServices } from '../assessment-services.js';
import { PAGE_IMAGE_DPI, getPageImage } from './queries/get-page-image.js';

const PageParams = Type.Object({ id: Type.String(), page_number: Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' }) });
const PageImageQuery = Type.Object({
  dpi: Type.Optional(
    Type.Integer({
      minimum: PAGE_IMAGE_DPI.min,
      maximum: PAGE_IMAGE_DPI.max,
      default: PAGE_IMAGE_DPI.default,
      description: 'Resolution of a drawn PDF page (lowered when the page would exceed 4000 px); ignored for images',
    }),
  ),
});

const IMAGE = { type: 'string', format: 'binary', description: 'The page image: PNG for a PDF page, the uploaded bytes for an image' };

export function registerPageImageRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const services = assessmentServices(deps);

  app.get(
    '/documents/:id/pages/:page_number/image',
    {
      schema: {
        operationId: 'getSourceDocumentPageImage',
        summary: 'A page of a source document as an image',
        description:
          'Source files of the assessment area (`sdoc_` ids). A PDF page is drawn as PNG (poppler) and kept, so later requests are served from storage; an image upload is its own single page and is served as uploaded. ' +
          'Draw `page_region` boxes over it: they are normalised to [0,1] with a top-left origin. A .docx, spreadsheet, CSV or text file has no pages (422); a page past the last is 404; 503 when too many pages are being drawn at once.',
        tags: ['source documents'],
        params: PageParams,
        querystring: PageImageQuery,
        response: {
          200: {
            description: 'The page image',
            headers: {
              etag: { type: 'string', description: 'Changes with the file, the page and the resolution' },
              'x-page-image-cache': { type: 'string', description: '`hit` when a kept image was served, `miss` when it was drawn for this request' },
            },
            content: { 'image/png': { schema: IMAGE }, 'image/*': { schema: IMAGE } },
          },
          304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
          ...errorResponses(404, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const image = await getPageImage(ctx, services, request.params.id, request.params.page_number, request.query.dpi ?? PAGE_IMAGE_DPI.default);
      reply
        .header('etag', image.etag)
        .header('content-type', image.content_type)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('x-page-image-cache', image.cached ? 'hit' : 'miss');
      if (image.width !== null && image.height !== null) reply.header('x-image-width', image.width).header('x-image-height', image.height);
      const inm = request.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === image.etag)) return reply.status(304).send(null);
      return reply
        .status(200)
        .header('content-length', image.size_bytes)
        .send(await image.open());
    },
  );
}
