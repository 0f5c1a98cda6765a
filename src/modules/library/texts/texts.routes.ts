/** /v1/texts: the organization's phrase atoms. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateTextBody, UpdateTextBody } from '../library.schemas.js';
import { createText } from './commands/create-text.js';
import { deleteText } from './commands/delete-text.js';
import { updateText } from './commands/update-text.js';
import { getText, listTexts } from './queries/list-texts.js';
import { presentText } from './text.presenter.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../../paging.js';

const TextParams = Type.Object({ text_id: Type.String() });
const tags = ['library'];

/** Registers /v1/texts (errors are thrown by the commands and mapped by the error plugin). */
export function registerTextRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/texts', { schema: { operationId: 'listTexts', summary: 'The organization\'s texts (phrase atoms), by key', tags, querystring: PageQuery, response: { 200: PagedArray(OpenObject()) } } }, async (request, reply) =>
    sendPage(request, reply, await listTexts(contextOf(request, deps), pageOf(request.query))),
  );

  app.post(
    '/v1/texts',
    { schema: { operationId: 'createText', summary: 'Create a text; key unique per organization', tags, body: Ref(CreateTextBody), response: { 201: OpenObject(), ...errorResponses(409, 422) } } },
    async (request, reply) => reply.status(201).send(presentText(await createText(contextOf(request, deps), request.body))),
  );

  app.get(
    '/v1/texts/:text_id',
    { schema: { operationId: 'getText', summary: 'One text', tags, params: TextParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getText(contextOf(request, deps), request.params.text_id),
  );

  app.patch(
    '/v1/texts/:text_id',
    { schema: { operationId: 'updateText', summary: 'Update a text (null clears, absent untouched)', tags, params: TextParams, body: Ref(UpdateTextBody), response: { 200: OpenObject(), ...errorResponses(404, 409, 422) } } },
    async (request) => presentText(await updateText(contextOf(request, deps), request.params.text_id, request.body)),
  );

  app.delete(
    '/v1/texts/:text_id',
    { schema: { operationId: 'deleteText', summary: 'Delete a text no snippet uses', tags, params: TextParams, response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) } } },
    async (request) => {
      await deleteText(contextOf(request, deps), request.params.text_id);
      return { ok: true };
    },
  );
}
