/** `POST /documents/{id}/extracted-items`: supply a field the processor missed (a `missing_value` correction). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { Correction } from '../corrections/correction.schemas.js';
import { presentCorrection } from '../corrections/correction.presenter.js';
import { IdParams } from '../route-schemas.js';
import { ProvenanceAnchor, TEXT_SOURCES } from '../wire-common.schemas.js';
import { type MissingItemBody, supplyMissingItem } from './commands/supply-missing-item.js';

const Body = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 200, description: "A single field of the document's processor (invoice.number, payment.iban, …)" }),
    value: Type.Unknown({ description: "The value; must fit the field's value_type" }),
    provenance: Type.Optional(
      Type.Object(
        { quote: Type.String(), text_source: Type.Optional(StringEnum(TEXT_SOURCES)), anchors: Type.Array(Ref(ProvenanceAnchor)) },
        { additionalProperties: false, description: 'Where the value is on the page (a box drawn by the reviewer)' },
      ),
    ),
    note: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  },
  { additionalProperties: false, required: ['key', 'value'] },
);

export function registerMissingItemRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/documents/:id/extracted-items',
    {
      schema: {
        operationId: 'supplyMissingItem',
        summary: 'Supply a field the processor missed',
        description:
          'Adds the field as an item the run found absent, corrected with reason missing_value (201 with the correction). A key the document already has is 409: correct that item.',
        tags: ['extracted items'],
        params: IdParams,
        body: Body,
        response: { 201: Ref(Correction), ...errorResponses(404, 409, 422) },
      },
      config: { role: 'reviewer' },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const { correction } = await supplyMissingItem(ctx, request.params.id, request.body as MissingItemBody);
      const history = await ctx.repos.corrections.history(ctx.actor.org.orgId, correction.id);
      return reply.status(201).send(presentCorrection(correction, history));
    },
  );
}
