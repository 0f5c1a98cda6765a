/** `/assessments`: case files with their uploads, reruns, completeness and processing details. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { assessmentServices } from '../assessment-services.js';
import { IdParams, MULTIPART_NOTE, Ok, PageQuery, limitOf } from '../route-schemas.js';
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

export function registerAssessmentCaseRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const services = assessmentServices(deps);

  app.post(
    '/assessments',
    { schema: { operationId: 'createAssessment', summary: 'Create an assessment and upload its first files', description: `${MULTIPART_NOTE} Fields: name (required), description, processor_id, automation, requirements (JSON), linked_document_id (a /v1 document). Processing starts in the background.`, tags, response: { 201: OpenObject(), ...errorResponses(404, 413, 422) } } },
    async (request, reply) =>
      receiveUpload(request, { blobs: services.blobs, maxBytes: deps.uploads.maxBytes }, {
        notMultipart: 'send multipart/form-data with a `name` field and `files` parts',
        prepare: () => contextOf(request, deps),
        // createAssessment checks its own fields (name, requirements, …) before writing anything.
        use: async (ctx, received) => {
          const created = await createAssessment(ctx, services, received.fields, received.files);
          return reply.status(201).send({ assessment: await presentLoadedAssessment(ctx, created.assessment), documents: await presentDocuments(ctx, created.documents), rejected_files: created.rejected_files });
        },
      }),
  );

  app.get(
    '/assessments',
    { schema: { operationId: 'listAssessments', summary: 'List assessments', tags, querystring: Type.Object(PageQuery), response: { 200: OpenObject() } } },
    async (request) => listAssessments(contextOf(request, deps), { limit: limitOf(request.query), cursor: request.query.cursor }),
  );

  app.get(
    '/assessments/:id',
    { schema: { operationId: 'getAssessment', summary: 'An assessment with derived status and counts', tags, params: IdParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getAssessment(contextOf(request, deps), request.params.id),
  );

  app.delete(
    '/assessments/:id',
    { schema: { operationId: 'deleteAssessment', summary: 'Delete an assessment and everything it owns', description: 'Cascades to its source documents and their stored files, runs, items, corrections and batch rows.', tags, params: IdParams, response: { 200: Ok, ...errorResponses(404) } } },
    async (request) => {
      await deleteAssessment(contextOf(request, deps), services, request.params.id);
      return { ok: true };
    },
  );

  app.post(
    '/assessments/:id/documents',
    { schema: { operationId: 'addAssessmentDocuments', summary: 'Upload more source documents to an assessment', description: `${MULTIPART_NOTE} Optional field reprocess_duplicates=true.`, tags, params: IdParams, response: { 201: OpenObject(), ...errorResponses(404, 413, 422) } } },
    async (request, reply) =>
      receiveUpload(request, { blobs: services.blobs, maxBytes: deps.uploads.maxBytes }, {
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
      }),
  );

  app.post(
    '/assessments/:id/documents/:doc_id/rerun',
    {
      schema: {
        operationId: 'rerunAssessmentDocument',
        summary: 'Rerun extraction for a source document',
        description: '409 `{detail: {blocked_human_work, corrected_item_ids, validated_item_ids}}` when human work exists and neither preserve_corrections nor force is sent.',
        tags,
        params: Type.Object({ id: Type.String(), doc_id: Type.String() }),
        body: RerunBody,
        response: { 200: OpenObject(), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => rerunDocument(contextOf(request, deps), services, request.params.id, request.params.doc_id, request.body),
  );

  app.get(
    '/assessments/:id/completeness',
    { schema: { operationId: 'getAssessmentCompleteness', summary: 'Assessment completeness', tags, params: IdParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getCompleteness(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/assessments/:id/document-processing-details',
    { schema: { operationId: 'getAssessmentProcessingDetails', summary: 'Per-document processing details', tags, params: IdParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getProcessingDetails(contextOf(request, deps), request.params.id),
  );
}
