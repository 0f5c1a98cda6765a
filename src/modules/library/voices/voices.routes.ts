/** /v1/voices: writing styles (rubric and samples). Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateVoiceBody, UpdateVoiceBody, Voice } from '../library.schemas.js';
import { createVoice } from './commands/create-voice.js';
import { deleteVoice } from './commands/delete-voice.js';
import { updateVoice } from './commands/update-voice.js';
import { getVoice, listVoices } from './queries/list-voices.js';
import { presentVoice } from './voice.presenter.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../../paging.js';
import { ListViewQueryProperties, viewOf } from '../../list-view-query.js';

const VoiceParams = Type.Object({ voice_id: Type.String() });
const tags = ['library'];

/** Registers /v1/voices (errors are thrown by the commands and mapped by the error plugin). */
export function registerVoiceRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerVoiceCollection(fastify, deps);
  registerVoiceItem(fastify, deps);
}

/** List and create voices. */
function registerVoiceCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/voices',
    {
      schema: {
        operationId: 'listVoices',
        summary: "The organization's voices, by name",
        description: "The active organization's voices (writing styles), by name.",
        tags,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('by name', 'name') }),
        response: { 200: PagedArray(Ref(Voice)), ...errorResponses(422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listVoices(contextOf(request, deps), pageOf(request.query), viewOf(request.query))),
  );

  app.post(
    '/v1/voices',
    {
      schema: {
        operationId: 'createVoice',
        summary: 'Create a voice; name unique per organization',
        description: 'Creates a voice and answers 201 with it; 409 when the name is taken, 422 for a blank name.',
        tags,
        body: Ref(CreateVoiceBody),
        response: { 201: Ref(Voice), ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(presentVoice(await createVoice(contextOf(request, deps), request.body))),
  );
}

/** Read, update and delete one voice. */
function registerVoiceItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/voices/:voice_id',
    {
      schema: {
        operationId: 'getVoice',
        summary: 'One voice',
        description: 'One voice; 404 when absent or of another organization.',
        tags,
        params: VoiceParams,
        response: { 200: Ref(Voice), ...errorResponses(404) },
      },
    },
    async (request) => getVoice(contextOf(request, deps), request.params.voice_id),
  );

  app.patch(
    '/v1/voices/:voice_id',
    {
      schema: {
        operationId: 'updateVoice',
        summary: 'Update a voice (null clears, absent untouched)',
        description:
          'Changes the keys sent (null clears the description) and answers with the voice; 409 when the new name is taken, 422 for an empty body or a blank name, 404 when absent.',
        tags,
        params: VoiceParams,
        body: Ref(UpdateVoiceBody),
        response: { 200: Ref(Voice), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => presentVoice(await updateVoice(contextOf(request, deps), request.params.voice_id, request.body)),
  );

  app.delete(
    '/v1/voices/:voice_id',
    {
      schema: {
        operationId: 'deleteVoice',
        summary: 'Delete a voice',
        description: 'Deletes a voice; 404 when absent.',
        tags,
        params: VoiceParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteVoice(contextOf(request, deps), request.params.voice_id);
      return { ok: true };
    },
  );
}
