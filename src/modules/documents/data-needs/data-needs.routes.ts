/** Data-needs of a document. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { createDataNeed } from './commands/create-data-need.js';
import { deleteDataNeed } from './commands/delete-data-need.js';
import { updateDataNeed } from './commands/update-data-need.js';
import { presentDataNeed } from './data-need.presenter.js';
import { DataNeed, DataNeedCreateBody, DataNeedUpdateBody } from './data-needs.schemas.js';
import { getDataNeed, listDataNeeds } from './queries/list-data-needs.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../../paging.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const NeedParams = Type.Object({ document_id: Type.String(), need_id: Type.String() });
const tags = ['data-needs'];

export function registerDataNeedRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerDataNeedCollection(fastify, deps);
  registerDataNeedItem(fastify, deps);
}

/** List and create the data needs of a document. */
function registerDataNeedCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/data-needs',
    {
      schema: {
        operationId: 'listDataNeeds',
        summary: 'Data-needs in ordinal order',
        description: "The document's data-needs (what generation gathers before writing), in ordinal order; 404 when the document is absent.",
        tags,
        params: DocumentParams,
        querystring: PageQuery,
        response: { 200: PagedArray(Ref(DataNeed)), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listDataNeeds(contextOf(request, deps), request.params.document_id, pageOf(request.query))),
  );

  app.post(
    '/v1/documents/:document_id/data-needs',
    {
      schema: {
        operationId: 'createDataNeed',
        summary: 'Add a data-need',
        description:
          'Appends a data-need and answers 201 with it; 422 for an unknown kind, arguments its kind does not accept, an output key taken or malformed, a dependency that names nothing or makes a cycle; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        body: Ref(DataNeedCreateBody),
        response: { 201: Ref(DataNeed), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(presentDataNeed(await createDataNeed(contextOf(request, deps), request.params.document_id, request.body))),
  );
}

/** Read, update and delete one data need. */
function registerDataNeedItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/data-needs/:need_id',
    {
      schema: {
        operationId: 'getDataNeed',
        summary: 'One data-need',
        description: 'One data-need of the document; 404 when the document or data-need is absent.',
        tags,
        params: NeedParams,
        response: { 200: Ref(DataNeed), ...errorResponses(404) },
      },
    },
    async (request) => getDataNeed(contextOf(request, deps), request.params.document_id, request.params.need_id),
  );

  app.patch(
    '/v1/documents/:document_id/data-needs/:need_id',
    {
      schema: {
        operationId: 'updateDataNeed',
        summary: 'Update a data-need (only sent keys change)',
        description: 'Changes the keys sent and answers with the data-need; 422 on the same rules as create; 404 when absent.',
        tags,
        params: NeedParams,
        body: Ref(DataNeedUpdateBody),
        response: { 200: Ref(DataNeed), ...errorResponses(404, 422) },
      },
    },
    async (request) => presentDataNeed(await updateDataNeed(contextOf(request, deps), request.params.document_id, request.params.need_id, request.body)),
  );

  app.delete(
    '/v1/documents/:document_id/data-needs/:need_id',
    {
      schema: {
        operationId: 'deleteDataNeed',
        summary: 'Delete a data-need',
        description: 'Removes the data-need; 422 while another need depends on it or the document is finalized; 404 when absent.',
        tags,
        params: NeedParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      await deleteDataNeed(contextOf(request, deps), request.params.document_id, request.params.need_id);
      return { ok: true };
    },
  );
}
