/**
 * `GET /documents/{id}/pages/{page_number}/words`: a source document's page as words with boxes,
 * for the review screen to set a value from a clicked word or a drawn box (issue #32 item 7).
 * Same tenancy as every route of the area: another organization's document is 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { assessmentServices } from '../assessment-services.js';
import { PageWords } from './page-words.schemas.js';
import { getPageWords } from './queries/get-page-words.js';

const PageParams = Type.Object({
  id: Type.String({ description: 'The source document (`sdoc_` id)' }),
  page_number: Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' }),
});

export function registerPageWordRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const services = assessmentServices(deps);

  app.get(
    '/documents/:id/pages/:page_number/words',
    {
      schema: {
        operationId: 'listSourceDocumentPageWords',
        summary: 'The words of a page with their boxes',
        description:
          'Source files of the assessment area (`sdoc_` ids). The words of one page, each with its box normalised to [0,1] with a top-left origin — the frame of `page_region` anchors and of the page image — ' +
          "so a reviewer's clicked word or drawn box can become a correction's value and provenance. A PDF page is read from its text layer, or by OCR when it has no usable one; an image upload by OCR. " +
          'A .docx, spreadsheet, CSV or text file has no pages (422); a page past the last is 404; 503 when OCR is needed but not installed, or too many pages are being read at once.',
        tags: ['source documents'],
        params: PageParams,
        response: { 200: Ref(PageWords), ...errorResponses(404, 422, 503) },
      },
    },
    async (request) => getPageWords(contextOf(request, deps), services, request.params.id, request.params.page_number),
  );
}
