/** /v1/entities: the parties snippet bindings name by role. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateEntityBody, Entity, UpdateEntityBody } from '../library.schemas.js';
import { createEntity } from './commands/create-entity.js';
import { deleteEntity } from './commands/delete-entity.js';
import { updateEntity } from './commands/update-entity.js';
import { presentEntity } from './entity.presenter.js';
import { getEntity, listEntities } from './queries/get-entity.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../../paging.js';
import { ListViewQueryProperties, viewOf } from '../../list-view-query.js';

const EntityParams = Type.Object({ entity_id: Type.String() });
const tags = ['library'];

/** Registers /v1/entities (errors are thrown by the commands and mapped by the error plugin). */
export function registerEntityRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerEntityCollection(fastify, deps);
  registerEntityItem(fastify, deps);
}

/** List and create entities. */
function registerEntityCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/entities',
    {
      schema: {
        operationId: 'listEntities',
        summary: "The organization's entities, by name",
        description: "The active organization's entities (parties that snippet bindings name by role), by name.",
        tags,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('by name', 'name or kind') }),
        response: { 200: PagedArray(Ref(Entity)), ...errorResponses(422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listEntities(contextOf(request, deps), pageOf(request.query), viewOf(request.query))),
  );

  app.post(
    '/v1/entities',
    {
      schema: {
        operationId: 'createEntity',
        summary: 'Create an entity (a party snippet bindings name by role)',
        description: 'Creates an entity and answers 201 with it; 422 for a blank name or an attribute that is not a plain value.',
        tags,
        body: Ref(CreateEntityBody),
        response: { 201: Ref(Entity), ...errorResponses(422) },
      },
    },
    async (request, reply) => reply.status(201).send(presentEntity(await createEntity(contextOf(request, deps), request.body))),
  );
}

/** Read, update and delete one entity. */
function registerEntityItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/entities/:entity_id',
    {
      schema: {
        operationId: 'getEntity',
        summary: 'One entity',
        description: 'One entity; 404 when absent or of another organization.',
        tags,
        params: EntityParams,
        response: { 200: Ref(Entity), ...errorResponses(404) },
      },
    },
    async (request) => getEntity(contextOf(request, deps), request.params.entity_id),
  );

  app.patch(
    '/v1/entities/:entity_id',
    {
      schema: {
        operationId: 'updateEntity',
        summary: 'Update an entity (only sent keys change)',
        description:
          'Applies the keys sent (a rename reaches every document binding the entity: the sections that rendered it show stale); 422 for a blank name or a bad attribute, 404 when absent or of another organization.',
        tags,
        params: EntityParams,
        body: Ref(UpdateEntityBody),
        response: { 200: Ref(Entity), ...errorResponses(404, 422) },
      },
    },
    async (request) => presentEntity(await updateEntity(contextOf(request, deps), request.params.entity_id, request.body)),
  );

  app.delete(
    '/v1/entities/:entity_id',
    {
      schema: {
        operationId: 'deleteEntity',
        summary: 'Delete an entity no binding names',
        description: 'Deletes the entity; 422 while a snippet binding still names it, 404 when absent or of another organization.',
        tags,
        params: EntityParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      await deleteEntity(contextOf(request, deps), request.params.entity_id);
      return { ok: true };
    },
  );
}
