/** /v1/snippets: clause molecules and their items. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { SetSnippetItemsBody, Snippet, SnippetCreateBody, SnippetUpdateBody } from '../library.schemas.js';
import { createSnippet } from './commands/create-snippet.js';
import { deleteSnippet } from './commands/delete-snippet.js';
import { setSnippetItems } from './commands/set-snippet-items.js';
import { updateSnippet } from './commands/update-snippet.js';
import { getSnippet, listSnippets } from './queries/list-snippets.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../../paging.js';
import { ListViewQueryProperties, viewOf } from '../../list-view-query.js';

const SnippetParams = Type.Object({ snippet_id: Type.String() });
const tags = ['library'];

/** Registers /v1/snippets (errors are thrown by the commands and mapped by the error plugin). */
export function registerSnippetRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerSnippetCollection(fastify, deps);
  registerSnippetReadAndUpdate(fastify, deps);
  registerSnippetItemsAndDeletion(fastify, deps);
}

/** List and create snippets. */
function registerSnippetCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/snippets',
    {
      schema: {
        operationId: 'listSnippets',
        summary: "The organization's snippets with their items",
        description: "The active organization's snippets (clause molecules), each with its ordered items.",
        tags,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('by phase order, then key', 'key or name') }),
        response: { 200: PagedArray(Ref(Snippet)), ...errorResponses(422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listSnippets(contextOf(request, deps), pageOf(request.query), viewOf(request.query))),
  );

  app.post(
    '/v1/snippets',
    {
      schema: {
        operationId: 'createSnippet',
        summary: 'Create a snippet; key unique per organization',
        description: 'Creates a snippet without items and answers 201 with it; 409 when the key is taken, 422 for a blank key.',
        tags,
        body: Ref(SnippetCreateBody),
        response: { 201: Ref(Snippet), ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const snippet = await createSnippet(ctx, request.body);
      return reply.status(201).send(await getSnippet(ctx, snippet.id));
    },
  );
}

/** Read and update one snippet. */
function registerSnippetReadAndUpdate(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/snippets/:snippet_id',
    {
      schema: {
        operationId: 'getSnippet',
        summary: 'One snippet with its items',
        description: 'One snippet with its items; 404 when absent or of another organization.',
        tags,
        params: SnippetParams,
        response: { 200: Ref(Snippet), ...errorResponses(404) },
      },
    },
    async (request) => getSnippet(contextOf(request, deps), request.params.snippet_id),
  );

  app.patch(
    '/v1/snippets/:snippet_id',
    {
      schema: {
        operationId: 'updateSnippet',
        summary: 'Update a snippet (null clears, absent untouched)',
        description:
          'Changes the keys sent and answers with the snippet; 409 when the new key is taken, 422 for an empty body or a blank key, 404 when absent.',
        tags,
        params: SnippetParams,
        body: Ref(SnippetUpdateBody),
        response: { 200: Ref(Snippet), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const snippet = await updateSnippet(ctx, request.params.snippet_id, request.body);
      return getSnippet(ctx, snippet.id);
    },
  );
}

/** Replace the items of one snippet; delete one snippet. */
function registerSnippetItemsAndDeletion(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/v1/snippets/:snippet_id/items',
    {
      schema: {
        operationId: 'setSnippetItems',
        summary: 'Replace all items (ordinals 0..N-1; [] clears)',
        description:
          'Replaces every item (ordinals 0..N-1 in array order; [] clears) and answers with the snippet; 422 for an itemType other than text or risk_block or an itemKey that names nothing, 404 when absent.',
        tags,
        params: SnippetParams,
        body: Ref(SetSnippetItemsBody),
        response: { 200: Ref(Snippet), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const snippet = await setSnippetItems(ctx, request.params.snippet_id, request.body.items);
      return getSnippet(ctx, snippet.id);
    },
  );

  app.delete(
    '/v1/snippets/:snippet_id',
    {
      schema: {
        operationId: 'deleteSnippet',
        summary: 'Delete a snippet and its document bindings',
        description: 'Deletes a snippet and unbinds it from every document; 404 when absent.',
        tags,
        params: SnippetParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteSnippet(contextOf(request, deps), request.params.snippet_id);
      return { ok: true };
    },
  );
}
