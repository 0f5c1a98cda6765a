/** `/extracted-items/{item_id}/corrections`: immutable, revisioned corrections. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../../kernel/schema.js';
import type { CommandContext } from '../../context.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { createCorrection } from './commands/create-correction.js';
import { type UpdateCorrectionBody, updateCorrection } from './commands/update-correction.js';
import { type CorrectionBody } from './correction-input.js';
import { Correction } from './correction.schemas.js';
import { ProvenanceAnchor, TEXT_SOURCES } from '../wire-common.schemas.js';
import { CorrectionReason, ValueState } from '../wire-enums.js';
import type { CorrectionRecord } from './correction.repository.js';
import { presentCorrection } from './correction.presenter.js';

const tags = ['corrections'];
const fields = {
  value_state: Type.Optional(ValueState),
  // Anchors are checked against the same union the item's provenance is served with.
  provenance: Type.Optional(
    Type.Object(
      { quote: Type.String(), text_source: Type.Optional(StringEnum(TEXT_SOURCES)), anchors: Type.Array(Ref(ProvenanceAnchor)) },
      { additionalProperties: false },
    ),
  ),
  note: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 4000 })])),
  expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
  time_spent_ms: Type.Optional(Type.Integer({ minimum: 0 })),
};
const CreateBody = Type.Object(
  { value: Type.Unknown({ description: "The corrected value; must fit the item's value_type" }), reason: CorrectionReason, ...fields },
  { additionalProperties: false, required: ['value', 'reason'] },
);
const UpdateBody = Type.Object(
  {
    value: Type.Optional(Type.Unknown()),
    reason: Type.Optional(CorrectionReason),
    status: Type.Optional(StringEnum(['active', 'reverted'], { description: 'reverted restores the machine value' })),
    ...fields,
  },
  { additionalProperties: false },
);

async function present(ctx: CommandContext, c: CorrectionRecord): Promise<Static<typeof Correction>> {
  return presentCorrection(c, await ctx.repos.corrections.history(ctx.actor.org.orgId, c.id));
}

export function registerCorrectionRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/extracted-items/:item_id/corrections',
    {
      schema: {
        operationId: 'createCorrection',
        summary: 'Correct an extracted item',
        description: "The value is checked against the item's value_type (422); a stale expected_version is 409.",
        tags,
        params: Type.Object({ item_id: Type.String() }),
        body: CreateBody,
        response: { 201: Ref(Correction), ...errorResponses(404, 409, 422) },
      },
      // Correcting what extraction found is review work.
      config: { role: 'reviewer' },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const correction = await createCorrection(ctx, request.params.item_id, request.body as CorrectionBody);
      return reply.status(201).send(await present(ctx, correction));
    },
  );

  app.put(
    '/extracted-items/:item_id/corrections/:corr_id',
    {
      schema: {
        operationId: 'updateCorrection',
        summary: 'Revise or revert a correction',
        description:
          'Each update is a new immutable revision (history kept). Only the item\'s current active correction (409 "correction superseded"). status "reverted" restores the machine value.',
        tags,
        params: Type.Object({ item_id: Type.String(), corr_id: Type.String() }),
        body: UpdateBody,
        response: { 200: Ref(Correction), ...errorResponses(404, 409, 422) },
      },
      config: { role: 'reviewer' },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      return present(ctx, await updateCorrection(ctx, request.params.item_id, request.params.corr_id, request.body as UpdateCorrectionBody));
    },
  );
}
