/** `/issuer-memories`: what reviewers taught about each issuer's layout (issue 32 item 5), listable and deletable. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { Ok, PageQuery, limitOf } from '../route-schemas.js';
import { deleteIssuerMemory } from './commands/delete-issuer-memory.js';
import { presentIssuerMemory } from './issuer-memory.presenter.js';
import { IssuerMemory, IssuerMemoryList } from './issuer-memory.schemas.js';
import { getIssuerMemory } from './queries/get-issuer-memory.js';
import { listIssuerMemories } from './queries/list-issuer-memories.js';

const tags = ['issuer memories'];
const MemoryParams = Type.Object({ memory_id: Type.String({ description: '`imem_` id' }) });

export function registerIssuerMemoryRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/issuer-memories',
    {
      schema: {
        operationId: 'listIssuerMemories',
        summary: 'List issuer memories',
        description: 'What reviewers taught about each issuer of the organization: remembered field places and the stable values confirmed, newest first.',
        tags,
        querystring: Type.Object(PageQuery),
        response: { 200: Ref(IssuerMemoryList), ...errorResponses(422) },
      },
    },
    async (request) => {
      const page = await listIssuerMemories(contextOf(request, deps), { limit: limitOf(request.query), cursor: request.query.cursor });
      return { issuer_memories: page.memories.map(presentIssuerMemory), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/issuer-memories/:memory_id',
    {
      schema: {
        operationId: 'getIssuerMemory',
        summary: 'Get an issuer memory',
        description: 'One issuer memory with its remembered fields (each naming the correction or confirmation it was learned from) and its history.',
        tags,
        params: MemoryParams,
        response: { 200: Ref(IssuerMemory), ...errorResponses(404) },
      },
    },
    async (request) => presentIssuerMemory(await getIssuerMemory(contextOf(request, deps), request.params.memory_id)),
  );

  app.delete(
    '/issuer-memories/:memory_id',
    {
      schema: {
        operationId: 'deleteIssuerMemory',
        summary: 'Delete an issuer memory',
        description: 'Forgets the issuer: later runs take no fields from it and check no history against it. Items already recalled keep their provenance.',
        tags,
        params: MemoryParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
      // What review taught is reviewers' work to undo.
      config: { role: 'reviewer' },
    },
    async (request) => {
      await deleteIssuerMemory(contextOf(request, deps), request.params.memory_id);
      return { ok: true as const };
    },
  );
}
