/** `/documents/{id}/extracted-items`: read, validate one, validate all (source documents, `sdoc_` ids). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { PAGE_LIMIT } from '../../../storage/keyset-page.js';
import { IdParams } from '../route-schemas.js';
import { ValidationStatus } from '../wire-enums.js';
import { ExtractedItem, ExtractedItemList, ValidateAllResult } from './extracted-item.schemas.js';
import { validateAllItems } from './commands/validate-all-items.js';
import { validateItem } from './commands/validate-item.js';
import { presentItem } from './extracted-item.presenter.js';
import { ITEM_PAGE_DEFAULT, listExtractedItems } from './queries/list-extracted-items.js';

const tags = ['extracted items'];
const SOURCE = 'On a source document of the assessment area (`sdoc_` id), not a /v1 document.';

/**
 * The listing's filters and paging: a page of `limit` (100 when absent) items; `all=true` is the
 * explicit whole-list answer for a client that must have everything in one response
 * (docs/adr/0652-extracted-items-paged-by-default.md; the exporters stream the same).
 */
const ListQuery = Type.Object({
  run: Type.Optional(StringEnum(['latest', 'all'], { description: 'latest when absent' })),
  status: Type.Optional(ValidationStatus),
  key: Type.Optional(Type.String()),
  min_confidence: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1, description: 'Items whose overall confidence is at least this (unknown confidence never matches)' }),
  ),
  max_confidence: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1, description: 'Items whose overall confidence is at most this (unknown confidence never matches)' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PAGE_LIMIT.max, description: `Page size (max ${PAGE_LIMIT.max}); ${ITEM_PAGE_DEFAULT} when absent` }),
  ),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
  all: Type.Optional(StringEnum(['true', 'false'], { description: 'true: every matching item in one answer (no paging; `limit` and `cursor` are refused)' })),
});

const ValidateBody = Type.Object(
  {
    decision: Type.Optional(StringEnum(['confirm', 'reject'], { description: 'confirm when absent' })),
    note: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
    override_warnings: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const ValidateAllBody = Type.Object(
  {
    only_pending: Type.Optional(Type.Boolean()),
    item_ids: Type.Optional(Type.Array(Type.String())),
    min_confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    include_needs_review: Type.Optional(Type.Boolean()),
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export function registerExtractedItemRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/documents/:id/extracted-items',
    {
      schema: {
        operationId: 'listExtractedItems',
        summary: 'Read extracted data',
        description:
          `${SOURCE} The current run's items by default; run=all includes superseded items. ` +
          `One page in listing order (run, ordinal): \`limit\` items (${ITEM_PAGE_DEFAULT} when absent) and \`next_cursor\` to pass as \`cursor\` for the next (null on the last). ` +
          'Filters by key, status and overall confidence range are applied in the database. `all=true` answers every matching item at once.',
        tags,
        params: IdParams,
        querystring: ListQuery,
        response: { 200: Ref(ExtractedItemList), ...errorResponses(404, 422) },
      },
    },
    async (request) => listExtractedItems(contextOf(request, deps), request.params.id, request.query),
  );

  app.post(
    '/documents/:id/extracted-items/:item_id/validate',
    {
      schema: {
        operationId: 'validateExtractedItem',
        summary: 'Validate one extracted item',
        description: `${SOURCE} Runs the checks first: a failing error check refuses a confirmation (422); a stale expected_version is 409.`,
        tags,
        params: Type.Object({ id: Type.String(), item_id: Type.String() }),
        body: ValidateBody,
        response: { 200: Ref(ExtractedItem), ...errorResponses(404, 409, 422) },
      },
      // Confirming or rejecting what extraction found is review work.
      config: { role: 'reviewer' },
    },
    async (request) => presentItem(await validateItem(contextOf(request, deps), request.params.id, request.params.item_id, request.body)),
  );

  app.post(
    '/documents/:id/extracted-items/validate-all',
    {
      schema: {
        operationId: 'validateAllExtractedItems',
        summary: 'Validate all extracted items of a document',
        description: `${SOURCE} Never confirms needs_review items unless include_needs_review; min_confidence and dry_run.`,
        tags,
        params: IdParams,
        body: ValidateAllBody,
        response: { 200: Ref(ValidateAllResult), ...errorResponses(404, 422) },
      },
      config: { role: 'reviewer' },
    },
    async (request) => validateAllItems(contextOf(request, deps), request.params.id, request.body),
  );
}
