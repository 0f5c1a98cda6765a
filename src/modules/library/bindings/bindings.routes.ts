/** /v1/documents/{id}/snippets: snippet bindings of a document. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { BindSnippetBody, SnippetBinding, UpdateDocumentSnippetBody } from '../library.schemas.js';
import { bindSnippet } from './commands/bind-snippet.js';
import { unbindSnippet } from './commands/unbind-snippet.js';
import { updateBinding } from './commands/update-binding.js';
import { bindingDetail, listBindings } from './queries/list-bindings.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../../paging.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const BindingParams = Type.Object({ document_id: Type.String(), binding_id: Type.String() });
const tags = ['library'];

/** Registers /v1/documents/{id}/snippets (errors are thrown by the commands and mapped by the error plugin). */
export function registerBindingRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerBindingCollection(fastify, deps);
  registerBindingItem(fastify, deps);
}

/** List the snippets bound to a document; bind one. */
function registerBindingCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/snippets',
    {
      schema: {
        operationId: 'listDocumentSnippets',
        summary: 'Bound snippets in binding order, with their items',
        description: 'The snippets bound to the document, in binding order, each with the snippet and its items; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        querystring: PageQuery,
        response: { 200: PagedArray(Ref(SnippetBinding)), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listBindings(contextOf(request, deps), request.params.document_id, pageOf(request.query))),
  );

  app.post(
    '/v1/documents/:document_id/snippets',
    {
      schema: {
        operationId: 'bindSnippet',
        summary: 'Bind a snippet (omitted ordinal: appended)',
        description:
          'Binds a snippet of the library to the document (appended unless an ordinal is sent) and answers 201 with the binding; 404 when the document or snippet is absent, 422 for a finalized document, a blank role or a negative ordinal.',
        tags,
        params: DocumentParams,
        body: Ref(BindSnippetBody),
        response: { 201: Ref(SnippetBinding), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const binding = await bindSnippet(ctx, request.params.document_id, request.body);
      return reply.status(201).send(await bindingDetail(ctx, binding));
    },
  );
}

/** Update and remove one binding. */
function registerBindingItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.patch(
    '/v1/documents/:document_id/snippets/:binding_id',
    {
      schema: {
        operationId: 'updateDocumentSnippet',
        summary: "Update a binding's entity bindings or ordinal",
        description:
          'Changes the entity bindings or ordinal sent and answers with the binding; 422 for an empty body, a finalized document, a blank role or a negative ordinal; 404 when absent.',
        tags,
        params: BindingParams,
        body: Ref(UpdateDocumentSnippetBody),
        response: { 200: Ref(SnippetBinding), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const binding = await updateBinding(ctx, request.params.document_id, request.params.binding_id, request.body);
      return bindingDetail(ctx, binding);
    },
  );

  app.delete(
    '/v1/documents/:document_id/snippets/:binding_id',
    {
      schema: {
        operationId: 'unbindSnippet',
        summary: 'Unbind a snippet (the snippet stays in the library)',
        description: 'Unbinds the snippet from the document (the snippet stays in the library); 404 when absent, 422 when the document is finalized.',
        tags,
        params: BindingParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      await unbindSnippet(contextOf(request, deps), request.params.document_id, request.params.binding_id);
      return { ok: true };
    },
  );
}
