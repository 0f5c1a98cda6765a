/** `/assessments`: case files with their uploads, reruns, completeness and processing details. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { type AssessmentServices, assessmentServices } from '../assessment-services.js';
import { RerunResponse } from '../processing/processing-run.schemas.js';
import { FileParts, IdParams, MULTIPART_NOTE, Ok, PageQuery, limitOf, multipartDocs } from '../route-schemas.js';
import { UploadResult } from '../uploads/source-document.schemas.js';
import { AUTOMATIONS } from '../wire-enums.js';
import { Assessment, AssessmentCreated, AssessmentPage, Completeness, ProcessingDetails } from './assessment.schemas.js';
import { ingestFiles } from '../uploads/commands/ingest-files.js';
import { presentDocuments } from '../uploads/queries/get-source-document.js';
import { receiveUpload } from '../uploads/receive-upload.js';
import { createAssessment } from './commands/create-assessment.js';
import { deleteAssessment } from './commands/delete-assessment.js';
import { rerunDocument } from './commands/rerun-document.js';
import { getAssessment, listAssessments, presentLoadedAssessment } from './queries/get-assessment.js';
import { getCompleteness } from './queries/get-completeness.js';
import { getProcessingDetails } from './queries/get-processing-details.js';
import { requireAssessment } from './require-assessment.js';
import { ListViewQueryProperties, viewOf } from '../../list-view-query.js';

const tags = ['assessments'];

const RerunBody = Type.Object(
  {
    processor_id: Type.Optional(Type.String({ description: 'Another processor for this run' })),
    preserve_corrections: Type.Optional(Type.Boolean({ description: 'Carry human corrections and validations forward' })),
    force: Type.Optional(Type.Boolean({ description: 'Supersede human work' })),
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** The form of `POST /assessments` (documentation only: the parts are streamed, see multipartDocs). */
const CreateAssessmentForm = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.Optional(Type.String()),
  processor_id: Type.Optional(Type.String({ description: 'The processor for its documents (GET /processors)' })),
  automation: Type.Optional(StringEnum(AUTOMATIONS, { description: 'never when absent' })),
  requirements: Type.Optional(
    Type.String({ description: 'A JSON array of requirements: [{key, label?, occurrence?, min_confidence?, require_validation?, min_count?}]' }),
  ),
  linked_document_id: Type.Optional(Type.String({ description: 'A /v1 document this case file feeds' })),
  files: Type.Optional(FileParts),
});

const AddDocumentsForm = Type.Object({
  files: FileParts,
  reprocess_duplicates: Type.Optional(
    StringEnum(['true', 'false'], { description: 'true: a file whose content is already in the assessment is processed again' }),
  ),
  processor_id: Type.Optional(Type.String({ description: 'Another processor for these files' })),
});

/** The routes of assessments (case files): the records, their documents, their reports. */
export function registerAssessmentCaseRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const services = assessmentServices(deps);
  registerCaseRecords(fastify, deps, services);
  registerCaseDocuments(fastify, deps, services);
  registerCaseReports(fastify, deps);
}

/** Create (with the first files), list, read and delete assessments. */
function registerCaseRecords(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  registerCaseFileCreation(fastify, deps, services);
  registerCaseFileRecords(fastify, deps, services);
}

/** Create a case file (with its first files). */
function registerCaseFileCreation(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/assessments',
    {
      schema: {
        operationId: 'createAssessment',
        summary: 'Create an assessment and upload its first files',
        description: `${MULTIPART_NOTE} Fields: name (required), description, processor_id, automation, requirements (JSON), linked_document_id (a /v1 document). Processing starts in the background.`,
        tags,
        response: { 201: Ref(AssessmentCreated), ...errorResponses(404, 413, 422) },
      },
      config: multipartDocs(CreateAssessmentForm),
    },
    async (request, reply) =>
      receiveUpload(
        request,
        { blobs: services.blobs, maxBytes: deps.uploads.maxBytes },
        {
          notMultipart: 'send multipart/form-data with a `name` field and `files` parts',
          prepare: () => contextOf(request, deps),
          // createAssessment checks its own fields (name, requirements, …) before writing anything.
          use: async (ctx, received) => {
            const created = await createAssessment(ctx, services, received.fields, received.files);
            return reply.status(201).send({
              assessment: await presentLoadedAssessment(ctx, created.assessment),
              documents: await presentDocuments(ctx, created.documents),
              rejected_files: created.rejected_files,
            });
          },
        },
      ),
  );
}

/** List case files; read and delete one. */
function registerCaseFileRecords(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/assessments',
    {
      schema: {
        operationId: 'listAssessments',
        summary: 'List assessments',
        description:
          'Newest first (or as `sort` says), optionally narrowed by name (`q`), with derived status, counts and completeness; cursor paging (`next_cursor`).',
        tags,
        querystring: Type.Object({ ...PageQuery, ...ListViewQueryProperties('newest first', 'name') }),
        response: { 200: Ref(AssessmentPage), ...errorResponses(422) },
      },
    },
    async (request) => listAssessments(contextOf(request, deps), { limit: limitOf(request.query), cursor: request.query.cursor }, viewOf(request.query)),
  );

  app.get(
    '/assessments/:id',
    {
      schema: {
        operationId: 'getAssessment',
        summary: 'An assessment with derived status and counts',
        description:
          "Status (draft, processing, in_review, complete, failed) and counts are derived from its documents and items. Another organization's id is 404.",
        tags,
        params: IdParams,
        response: { 200: Ref(Assessment), ...errorResponses(404) },
      },
    },
    async (request) => getAssessment(contextOf(request, deps), request.params.id),
  );

  app.delete(
    '/assessments/:id',
    {
      schema: {
        operationId: 'deleteAssessment',
        summary: 'Delete an assessment and everything it owns',
        description: 'Cascades to its source documents and their stored files, runs, items, corrections and batch rows.',
        tags,
        params: IdParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteAssessment(contextOf(request, deps), services, request.params.id);
      return { ok: true };
    },
  );
}

/** Add documents to an assessment, and rerun one's extraction. */
function registerCaseDocuments(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/assessments/:id/documents',
    {
      schema: {
        operationId: 'addAssessmentDocuments',
        summary: 'Upload more source documents to an assessment',
        description: `${MULTIPART_NOTE} Optional field reprocess_duplicates=true.`,
        tags,
        params: IdParams,
        response: { 201: Ref(UploadResult), ...errorResponses(404, 413, 422) },
      },
      config: multipartDocs(AddDocumentsForm),
    },
    async (request, reply) =>
      receiveUpload(
        request,
        { blobs: services.blobs, maxBytes: deps.uploads.maxBytes },
        {
          notMultipart: 'send multipart/form-data with one or more `files` parts',
          // A missing or foreign assessment is refused before a byte of the body is stored.
          prepare: async () => {
            const ctx = contextOf(request, deps);
            return { ctx, assessment: await requireAssessment(ctx, request.params.id) };
          },
          fields: ['reprocess_duplicates', 'processor_id'],
          requireFiles: true,
          use: async ({ ctx, assessment }, received) => {
            const result = await ingestFiles(ctx, services, received.files, {
              assessment,
              processorId: received.fields.processor_id?.trim() || null,
              trigger: 'add_documents',
              reprocessDuplicates: received.fields.reprocess_duplicates === 'true',
            });
            return reply.status(201).send({ documents: await presentDocuments(ctx, result.documents), rejected_files: result.rejected_files });
          },
        },
      ),
  );

  app.post(
    '/assessments/:id/documents/:doc_id/rerun',
    {
      schema: {
        operationId: 'rerunAssessmentDocument',
        summary: 'Rerun extraction for a source document',
        description:
          '409 `{detail: {blocked_human_work, corrected_item_ids, validated_item_ids}}` when human work exists and neither preserve_corrections nor force is sent.',
        tags,
        params: Type.Object({ id: Type.String(), doc_id: Type.String() }),
        body: RerunBody,
        response: { 200: Ref(RerunResponse), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => rerunDocument(contextOf(request, deps), services, request.params.id, request.params.doc_id, request.body),
  );
}

/** What an assessment's documents add up to: completeness, and each document's processing. */
function registerCaseReports(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/assessments/:id/completeness',
    {
      schema: {
        operationId: 'getAssessmentCompleteness',
        summary: 'Assessment completeness',
        description:
          "Each requirement (the assessment's own and the processors' required item types) with its status, the gaps still open and a score; `gaps` and `ui_state` echo /v1 readiness.",
        tags,
        params: IdParams,
        response: { 200: Ref(Completeness), ...errorResponses(404) },
      },
    },
    async (request) => getCompleteness(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/assessments/:id/document-processing-details',
    {
      schema: {
        operationId: 'getAssessmentProcessingDetails',
        summary: 'Per-document processing details',
        description:
          'Per source document: the latest run, per-page method and quality grade, categorised errors and run history; how processing is followed (polled).',
        tags,
        params: IdParams,
        response: { 200: Ref(ProcessingDetails), ...errorResponses(404) },
      },
    },
    async (request) => getProcessingDetails(contextOf(request, deps), request.params.id),
  );
}
