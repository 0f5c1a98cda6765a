/** /v1/texts: the organization's phrase atoms. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateTextBody, Text, UpdateTextBody } from '../library.schemas.js';
import { createText } from './commands/create-text.js';
import { deleteText } from './commands/delete-text.js';
import { updateText } from './commands/update-text.js';
import { getText, listTexts } from './queries/list-texts.js';
import { presentText } from './text.presenter.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../../paging.js';
import { ListViewQueryProperties, viewOf } from '../../list-view-query.js';

const TextParams = Type.Object({ text_id: Type.String() });
const tags = ['library'];

/** Registers /v1/texts (errors are thrown by the commands and mapped by the error plugin). */
export function registerTextRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerTextCollection(fastify, deps);
  registerTextItem(fastify, deps);
}

/** List and create texts. */
function registerTextCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/texts',
    {
      schema: {
        operationId: 'listTexts',
        summary: "The organization's texts (phrase atoms), by key",
        description: "The active organization's texts (phrase atoms), by key.",
        tags,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('by key', 'key or name') }),
        response: { 200: PagedArray(Ref(Text)), ...errorResponses(422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listTexts(contextOf(request, deps), pageOf(request.query), viewOf(request.query))),
  );

  app.post(
    '/v1/texts',
    {
      schema: {
        operationId: 'createText',
        summary: 'Create a text; key unique per organization',
        description:
          'Creates a text and answers 201 with it; 409 when the key is taken in the organization, 422 for a blank key, a value type outside its set or a template that does not parse.',
        tags,
        body: Ref(CreateTextBody),
        response: { 201: Ref(Text), ...errorResponses(409, 422, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(presentText(await createText(contextOf(request, deps), request.body))),
  );
}

/** Read, update and delete one text. */
function registerTextItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/texts/:text_id',
    {
      schema: {
        operationId: 'getText',
        summary: 'One text',
        description: 'One text of the active organization; 404 when absent or of another organization.',
        tags,
        params: TextParams,
        response: { 200: Ref(Text), ...errorResponses(404) },
      },
    },
    async (request) => getText(contextOf(request, deps), request.params.text_id),
  );

  app.patch(
    '/v1/texts/:text_id',
    {
      schema: {
        operationId: 'updateText',
        summary: 'Update a text (null clears, absent untouched)',
        description:
          'Changes the keys sent (null clears a nullable one) and answers with the text; 409 when the new key is taken, 422 for an empty body or a bad value, 404 when absent.',
        tags,
        params: TextParams,
        body: Ref(UpdateTextBody),
        response: { 200: Ref(Text), ...errorResponses(404, 409, 422, 503) },
      },
    },
    async (request) => presentText(await updateText(contextOf(request, deps), request.params.text_id, request.body)),
  );

  app.delete(
    '/v1/texts/:text_id',
    {
      schema: {
        operationId: 'deleteText',
        summary: 'Delete a text no snippet uses',
        description: 'Deletes a text; 422 while a snippet uses it, 404 when absent.',
        tags,
        params: TextParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      await deleteText(contextOf(request, deps), request.params.text_id);
      return { ok: true };
    },
  );
}
