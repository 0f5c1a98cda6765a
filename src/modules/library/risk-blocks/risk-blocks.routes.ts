/** /v1/risk-blocks: approval-gated analysis units. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateRiskBlockBody, RiskBlock, RiskBlocksResponse, UpdateRiskBlockBody } from '../library.schemas.js';
import { createRiskBlock } from './commands/create-risk-block.js';
import { deleteRiskBlock } from './commands/delete-risk-block.js';
import { updateRiskBlock } from './commands/update-risk-block.js';
import { getRiskBlock, listRiskBlocks } from './queries/list-risk-blocks.js';
import { presentRiskBlock } from './risk-block.presenter.js';
import { PageQueryProperties, pageOf } from '../../paging.js';
import { ListViewQueryProperties, viewOf } from '../../list-view-query.js';

const RiskBlockParams = Type.Object({ risk_block_id: Type.String() });
const tags = ['library'];

/** Registers /v1/risk-blocks (errors are thrown by the commands and mapped by the error plugin). */
export function registerRiskBlockRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerRiskBlockCollection(fastify, deps);
  registerRiskBlockItem(fastify, deps);
}

/** List and create risk blocks. */
function registerRiskBlockCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/risk-blocks',
    {
      schema: {
        operationId: 'listRiskBlocks',
        summary: "The organization's risk blocks, wrapped under riskBlocks",
        description: "The active organization's risk blocks (approval-gated analyses), wrapped under `riskBlocks`.",
        tags,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('by key', 'key or heading') }),
        response: { 200: Ref(RiskBlocksResponse), ...errorResponses(422) },
      },
    },
    async (request) => listRiskBlocks(contextOf(request, deps), pageOf(request.query), viewOf(request.query)),
  );

  app.post(
    '/v1/risk-blocks',
    {
      schema: {
        operationId: 'createRiskBlock',
        summary: 'Create a risk block (draft unless status says approved)',
        description:
          'Creates a risk block (draft unless `status` says approved) and answers 201 with it; 409 when the key is taken, 422 for a blank key, heading or template, a template that does not parse, or a status other than draft or approved.',
        tags,
        body: Ref(CreateRiskBlockBody),
        response: { 201: Ref(RiskBlock), ...errorResponses(409, 422, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(presentRiskBlock(await createRiskBlock(contextOf(request, deps), request.body))),
  );
}

/** Read, update and delete one risk block. */
function registerRiskBlockItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/risk-blocks/:risk_block_id',
    {
      schema: {
        operationId: 'getRiskBlock',
        summary: 'One risk block',
        description: 'One risk block; 404 when absent or of another organization.',
        tags,
        params: RiskBlockParams,
        response: { 200: Ref(RiskBlock), ...errorResponses(404) },
      },
    },
    async (request) => getRiskBlock(contextOf(request, deps), request.params.risk_block_id),
  );

  app.patch(
    '/v1/risk-blocks/:risk_block_id',
    {
      schema: {
        operationId: 'updateRiskBlock',
        summary: 'Update a risk block; approving records who and when',
        description:
          'Changes the keys sent and answers with the risk block (approving records who and when); 409 when the new key is taken, 422 for an empty body or a bad value, 404 when absent.',
        tags,
        params: RiskBlockParams,
        body: Ref(UpdateRiskBlockBody),
        response: { 200: Ref(RiskBlock), ...errorResponses(404, 409, 422, 503) },
      },
    },
    async (request) => presentRiskBlock(await updateRiskBlock(contextOf(request, deps), request.params.risk_block_id, request.body)),
  );

  app.delete(
    '/v1/risk-blocks/:risk_block_id',
    {
      schema: {
        operationId: 'deleteRiskBlock',
        summary: 'Delete a risk block no snippet uses',
        description: 'Deletes a risk block; 422 while a snippet uses it, 404 when absent.',
        tags,
        params: RiskBlockParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      await deleteRiskBlock(contextOf(request, deps), request.params.risk_block_id);
      return { ok: true };
    },
  );
}
