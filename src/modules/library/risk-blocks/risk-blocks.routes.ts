/** /v1/risk-blocks: approval-gated analysis units. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateRiskBlockBody, UpdateRiskBlockBody } from '../library.schemas.js';
import { createRiskBlock } from './commands/create-risk-block.js';
import { deleteRiskBlock } from './commands/delete-risk-block.js';
import { updateRiskBlock } from './commands/update-risk-block.js';
import { getRiskBlock, listRiskBlocks } from './queries/list-risk-blocks.js';
import { presentRiskBlock } from './risk-block.presenter.js';
import { NextCursor, PageQuery, pageOf } from '../../paging.js';

const RiskBlockParams = Type.Object({ risk_block_id: Type.String() });
const tags = ['library'];

/** Registers /v1/risk-blocks (errors are thrown by the commands and mapped by the error plugin). */
export function registerRiskBlockRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v1/risk-blocks',
    { schema: { operationId: 'listRiskBlocks', summary: 'The organization\'s risk blocks, wrapped under riskBlocks', tags, querystring: PageQuery, response: { 200: Type.Object({ riskBlocks: Type.Array(OpenObject()), nextCursor: NextCursor }) } } },
    async (request) => listRiskBlocks(contextOf(request, deps), pageOf(request.query)),
  );

  app.post(
    '/v1/risk-blocks',
    { schema: { operationId: 'createRiskBlock', summary: 'Create a risk block (draft unless status says approved)', tags, body: Ref(CreateRiskBlockBody), response: { 201: OpenObject(), ...errorResponses(409, 422) } } },
    async (request, reply) => reply.status(201).send(presentRiskBlock(await createRiskBlock(contextOf(request, deps), request.body))),
  );

  app.get(
    '/v1/risk-blocks/:risk_block_id',
    { schema: { operationId: 'getRiskBlock', summary: 'One risk block', tags, params: RiskBlockParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getRiskBlock(contextOf(request, deps), request.params.risk_block_id),
  );

  app.patch(
    '/v1/risk-blocks/:risk_block_id',
    {
      schema: {
        operationId: 'updateRiskBlock',
        summary: 'Update a risk block; approving records who and when',
        tags,
        params: RiskBlockParams,
        body: Ref(UpdateRiskBlockBody),
        response: { 200: OpenObject(), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => presentRiskBlock(await updateRiskBlock(contextOf(request, deps), request.params.risk_block_id, request.body)),
  );

  app.delete(
    '/v1/risk-blocks/:risk_block_id',
    { schema: { operationId: 'deleteRiskBlock', summary: 'Delete a risk block no snippet uses', tags, params: RiskBlockParams, response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) } } },
    async (request) => {
      await deleteRiskBlock(contextOf(request, deps), request.params.risk_block_id);
      return { ok: true };
    },
  );
}
