/** `/documents/{id}/extracted-items`: read, validate one, validate all (source documents, `sdoc_` ids). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { IdParams } from '../route-schemas.js';
import { ValidationStatus } from '../wire-enums.js';
import { sendJsonBytes } from '../../send-json-bytes.js';
import { ExtractedItem, ExtractedItemList, ValidateAllResult } from './extracted-item.schemas.js';
import { extractedItemListJson } from './extracted-item-list-json.js';
import { validateAllItems } from './commands/validate-all-items.js';
import { validateItem } from './commands/validate-item.js';
import { presentItem } from './extracted-item.presenter.js';
import { listExtractedItems } from './queries/list-extracted-items.js';

const tags = ['extracted items'];
/** One item's response schema: one object, so Fastify compiles its serializer once (it caches by schema object). */
const ITEM_RESPONSE: Record<string, unknown> = { ...Ref(ExtractedItem) };
const SOURCE = 'On a source document of the assessment area (`sdoc_` id), not a /v1 document.';

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
        description: `${SOURCE} The current run's items by default; run=all includes superseded items.`,
        tags,
        params: IdParams,
        querystring: Type.Object({ run: Type.Optional(StringEnum(['latest', 'all'], { description: 'latest when absent' })), status: Type.Optional(ValidationStatus), key: Type.Optional(Type.String()) }),
        response: { 200: Ref(ExtractedItemList), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const list = await listExtractedItems(contextOf(request, deps), request.params.id, request.query);
      // The same text the route's serializer writes, without its cost (extracted-item-list-json.ts);
      // an item of a shape that file does not copy goes through the compiled item serializer.
      const json = extractedItemListJson(list, (item) => reply.serializeInput(item, ITEM_RESPONSE));
      return json === null ? list : sendJsonBytes(reply, json);
    },
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
