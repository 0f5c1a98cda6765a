/** `/processors`: the read-only processor catalog. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { Processor, ProcessorList } from './processor.schemas.js';
import { getProcessorEntry, listProcessorCatalog } from './queries/list-processor-catalog.js';

const tags = ['processors'];
const ACCURACY_NOTE =
  "Each item type carries `observed_accuracy` {sample_size, accepted_without_correction, correction_reasons} (the reason mix of the corrected items), measured on this organization's own review decisions for the current processor version.";

export function registerProcessorRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/processors',
    { schema: { operationId: 'listProcessors', summary: 'The processor catalog', description: ACCURACY_NOTE, tags, response: { 200: Ref(ProcessorList) } } },
    async (request) => ({
      processors: await listProcessorCatalog(contextOf(request, deps), deps.model),
    }),
  );
  app.get(
    '/processors/:id',
    {
      schema: {
        operationId: 'getProcessor',
        summary: 'One processor with its item types',
        description: `Found by id (\`prc_…\`) or name. ${ACCURACY_NOTE}`,
        tags,
        params: Type.Object({ id: Type.String() }),
        response: { 200: Ref(Processor), ...errorResponses(404) },
      },
    },
    async (request) => getProcessorEntry(contextOf(request, deps), deps.model, request.params.id),
  );
}
