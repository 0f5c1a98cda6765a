/** Generate, regenerate, gather, the progress stream and synthesized contexts. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { requireDocument } from '../documents/require-document.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { RegenerateBody } from '../documents/sections/sections.schemas.js';
import { gatherDocument } from './commands/gather-document.js';
import { startGeneration } from './commands/start-generation.js';
import {
  GatherBody,
  GatherResponse,
  GenerateBody,
  GenerateConflictResponse,
  GenerateResponse,
  SynthesisHistoryResponse,
  SynthesisResponse,
} from './generation.schemas.js';
import { ProgressHub } from './progress-hub.js';
import { streamProgress } from './progress-stream.js';
import { getSynthesis, getSynthesisHistory } from './queries/get-synthesis.js';
import { defaultProgressCursor } from './queries/progress-cursor.js';
import { PageQuery, pageOf } from '../paging.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const SectionParams = Type.Object({ document_id: Type.String(), section_id: Type.String() });
const tags = ['generation'];

/** The routes that start runs, stream their progress and show what synthesis produced. */
export function registerGenerationRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerRunStarts(fastify, deps);
  registerProgressStream(fastify, deps);
  registerSynthesisReads(fastify, deps);
}

/** Generate, regenerate one section, gather only. */
function registerRunStarts(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/documents/:document_id/generate',
    {
      schema: {
        operationId: 'generate',
        summary: 'Start generation in the background (follow it on /progress)',
        description:
          'Starts a generation run in the background (gather, compute, synthesize, render, verify) and answers at once; follow it on `GET …/progress`. Answers `alreadyRunning: true` while a run is active; 409 `GenerateConflictResponse` when hand-edited sections exist and neither `force` nor `preserveEdited` is sent; 422 for a finalized document; 404 when absent.',
        tags,
        params: DocumentParams,
        body: Ref(GenerateBody),
        response: {
          200: Ref(GenerateResponse),
          409: { ...Ref(GenerateConflictResponse), description: 'Hand-edited sections exist and neither `force` nor `preserveEdited` was sent' },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request) => startGeneration(contextOf(request, deps), deps, request.params.document_id, request.body ?? {}),
  );

  app.post(
    '/v1/documents/:document_id/sections/:section_id/regenerate',
    {
      schema: {
        operationId: 'regenerateSection',
        summary: 'Regenerate one section (same stages, scoped)',
        description:
          'Starts a run that re-renders only this section (same stages, scoped) and answers at once; 404 when the document or section is absent, 422 for a finalized document.',
        tags,
        params: SectionParams,
        body: Ref(RegenerateBody),
        response: { 200: Ref(GenerateResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      startGeneration(contextOf(request, deps), deps, request.params.document_id, { variables: request.body?.variables, sectionId: request.params.section_id }),
  );

  app.post(
    '/v1/documents/:document_id/gather',
    {
      schema: {
        operationId: 'gather',
        summary: 'Run the source lane only and return the gathered payloads',
        description:
          'Runs only the source lane (no synthesis, no render) and answers with the gathered payloads, per-need timings, failures and numbered sources; stored values are reused unless `refresh` is sent. 404 when absent, 422 for a finalized document.',
        tags,
        params: DocumentParams,
        body: Ref(GatherBody),
        response: { 200: Ref(GatherResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => gatherDocument(contextOf(request, deps), deps, request.params.document_id, request.body ?? {}),
  );
}

/** The progress stream, fed by one hub per application (closed with it). */
function registerProgressStream(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const hub = new ProgressHub(deps.db);
  // preClose: before Fastify waits for open connections, which a stream would hold forever.
  app.addHook('preClose', async () => hub.shutdown());
  app.addHook('onClose', async () => hub.close());
  app.get(
    '/v1/documents/:document_id/progress',
    {
      schema: {
        operationId: 'progress',
        summary: 'Progress events as text/event-stream (replay from Last-Event-ID or ?after=<seq>)',
        description:
          "Streams the run's events as server-sent events (`id: <seq>`, `data: <ProgressEvent JSON>`), replaying from `Last-Event-ID` or `?after=<seq>`, and closes after a terminal event (pipeline_finished, pipeline_failed, pipeline_blocked). 404 when the document is absent.",
        tags,
        params: DocumentParams,
        querystring: Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0, description: 'replay events after this seq' })) }),
        headers: Type.Object({
          'x-org-slug': Type.Optional(Type.String()),
          'last-event-id': Type.Optional(Type.String({ description: 'the last seq the client saw' })),
        }),
        response: {
          200: {
            description:
              'Server-sent events: each frame is `id: <seq>` and `data: <JSON>`, the JSON a `ProgressEvent` (one schema per event kind, told apart by `event`); comment lines (`: keep-alive`) keep the connection open.',
            // The stream's schema is its event (one `data:` frame), as hey-api, oazapfts and
            // openapi-typescript read SSE: each gives the discriminated union, no cast needed.
            content: { 'text/event-stream': { schema: { $ref: 'ProgressEvent' } } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const document = await requireDocument(ctx, request.params.document_id);
      const lastEventId = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
      const afterSeq = Number.isFinite(lastEventId) ? lastEventId : (request.query.after ?? (await defaultProgressCursor(ctx, document.id)));
      streamProgress(request, reply, hub, { orgId: ctx.actor.org.orgId, documentId: document.id, afterSeq });
    },
  );
}

/** The latest synthesized context, and every one before it. */
function registerSynthesisReads(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/synthesis',
    {
      schema: {
        operationId: 'getSynthesis',
        summary: 'The latest synthesized context',
        description: 'The latest synthesized context of the document, or null when never synthesized; 404 when absent.',
        tags,
        params: DocumentParams,
        response: { 200: Ref(SynthesisResponse), ...errorResponses(404) },
      },
    },
    async (request) => getSynthesis(contextOf(request, deps), request.params.document_id),
  );

  app.get(
    '/v1/documents/:document_id/synthesis/history',
    {
      schema: {
        operationId: 'getSynthesisHistory',
        summary: 'Every synthesized context, newest first',
        description: 'Every synthesized context of the document, newest first; 404 when absent.',
        tags,
        params: DocumentParams,
        querystring: PageQuery,
        response: { 200: Ref(SynthesisHistoryResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => getSynthesisHistory(contextOf(request, deps), request.params.document_id, pageOf(request.query)),
  );
}
