/** `/batches` and `/batch-documents`: org-scoped batch processing with per-document rows. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { type AssessmentServices, assessmentServices } from '../assessment-services.js';
import { IdParams, Ok, PageQuery, limitOf } from '../route-schemas.js';
import { BATCH_DOCUMENT_STATUSES, BatchScope as Scope, PRIORITIES } from '../wire-enums.js';
import { BatchCreated, BatchDocument, BatchDocumentPage, BatchPage, BatchProcessResult, BatchRunNotStarted, BatchRunStarted } from './batch.schemas.js';
import { presentBatchDocument, presentBatchRun } from './batch.presenter.js';
import { createBatch } from './commands/create-batch.js';
import { processBatches } from './commands/process-batches.js';
import { startBatchRun } from './commands/start-batch-run.js';
import { deleteBatchDocument, updateBatchDocument } from './commands/update-batch-document.js';
import { listBatchDocuments, listBatches, presentLoadedBatch } from './queries/list-batches.js';

const tags = ['batches'];

const CreateBatchBody = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    assessment_id: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    processor_id: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    document_ids: Type.Array(Type.String(), { maxItems: 1000 }),
    options: Type.Optional(
      Type.Object(
        {
          skip_already_processed: Type.Optional(Type.Boolean()),
          preserve_corrections: Type.Optional(Type.Boolean()),
          force: Type.Optional(Type.Boolean()),
          max_concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
const RunBody = Type.Object(
  {
    scope: Type.Optional(Scope),
    processor_id: Type.Optional(Type.String()),
    preserve_corrections: Type.Optional(Type.Boolean()),
    force: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const ProcessBody = Type.Object({ batch_ids: Type.Optional(Type.Array(Type.String())), scope: Type.Optional(Scope) }, { additionalProperties: false });
const UpdateRowBody = Type.Object(
  {
    included: Type.Optional(Type.Boolean()),
    processor_id: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    priority: Type.Optional(StringEnum(PRIORITIES)),
  },
  { additionalProperties: false },
);

export function registerBatchRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const services = assessmentServices(deps);
  registerBatchCollection(fastify, deps, services);
  registerBatchRuns(fastify, deps, services);
  registerBatchDocuments(fastify, deps, services);
}

/** Create and list batches. */
function registerBatchCollection(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/batches',
    {
      schema: {
        operationId: 'createBatch',
        summary: 'Create a batch of source documents',
        description: 'Unknown or foreign document ids are reported in `rejected` as not_found and never stored.',
        tags,
        body: CreateBatchBody,
        response: { 201: Ref(BatchCreated), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const created = await createBatch(ctx, services, request.body);
      return reply.status(201).send({
        batch: await presentLoadedBatch(ctx, created.batch),
        batch_documents: created.batch_documents.map(presentBatchDocument),
        rejected: created.rejected,
      });
    },
  );

  app.get(
    '/batches',
    {
      schema: {
        operationId: 'listBatches',
        summary: 'List batches',
        description: 'Newest first, each with its status derived from the latest run and per-status row counts; cursor paging (`next_cursor`).',
        tags,
        querystring: Type.Object(PageQuery),
        response: { 200: Ref(BatchPage) },
      },
    },
    async (request) => listBatches(contextOf(request, deps), { limit: limitOf(request.query), cursor: request.query.cursor }),
  );
}

/** Process batches; start a run of one. */
function registerBatchRuns(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/batches/process',
    {
      schema: {
        operationId: 'processBatches',
        summary: 'Start runs on several batches',
        description: 'Without batch_ids: every batch of the organization with rows in scope (default pending).',
        tags,
        body: ProcessBody,
        response: { 202: Ref(BatchProcessResult), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const result = await processBatches(contextOf(request, deps), services, request.body);
      return reply.status(202).send({ runs: result.runs.map(presentBatchRun), skipped: result.skipped });
    },
  );

  app.post(
    '/batches/:id/runs',
    {
      schema: {
        operationId: 'startBatchRun',
        summary: 'Start a batch run',
        description: 'One active run per batch: a second start answers 200 {started: false, already_running: true}.',
        tags,
        params: IdParams,
        body: RunBody,
        response: { 200: Ref(BatchRunNotStarted), 202: Ref(BatchRunStarted), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const result = await startBatchRun(contextOf(request, deps), services, request.params.id, request.body, { allowEmpty: true, trigger: 'manual' });
      if (result.started) return reply.status(202).send({ started: true, already_running: false, run: presentBatchRun(result.run) });
      return reply.status(200).send({ started: false, already_running: result.already_running, run_id: result.run_id });
    },
  );
}

/** List, update and delete the documents of a batch. */
function registerBatchDocuments(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/batch-documents',
    {
      schema: {
        operationId: 'listBatchDocuments',
        summary: 'List batch documents',
        description: "The per-document rows of the organization's batches, filtered by batch, status or source document; cursor paging (`next_cursor`).",
        tags,
        querystring: Type.Object({
          batch_id: Type.Optional(Type.String()),
          status: Type.Optional(StringEnum(BATCH_DOCUMENT_STATUSES)),
          document_id: Type.Optional(Type.String()),
          ...PageQuery,
        }),
        response: { 200: Ref(BatchDocumentPage) },
      },
    },
    async (request) => listBatchDocuments(contextOf(request, deps), { ...request.query, limit: limitOf(request.query) }),
  );

  app.put(
    '/batch-documents/:id',
    {
      schema: {
        operationId: 'updateBatchDocument',
        summary: 'Include, exclude or re-prioritise a batch document',
        description: 'included=false excludes the row from later runs; a row being processed is 409.',
        tags,
        params: IdParams,
        body: UpdateRowBody,
        response: { 200: Ref(BatchDocument), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => presentBatchDocument(await updateBatchDocument(contextOf(request, deps), services, request.params.id, request.body)),
  );

  app.delete(
    '/batch-documents/:id',
    {
      schema: {
        operationId: 'deleteBatchDocument',
        summary: 'Remove a document from its batch',
        description: 'The source document itself stays; a row being processed is 409.',
        tags,
        params: IdParams,
        response: { 200: Ok, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await deleteBatchDocument(contextOf(request, deps), request.params.id);
      return { ok: true };
    },
  );
}
