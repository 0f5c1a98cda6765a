/**
 * `/documents`: SOURCE FILES of the assessment area (`sdoc_` ids) — not the /v1 documents.
 * Uploads are streamed to the blob store; the bytes come back from `/content` with range support.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { KIND_MIME_TYPES } from '../../../extraction/kind-mime-types.js';
import { DomainValidationError, NotFoundError } from '../../../kernel/errors.js';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import type { BlobStore } from '../../../storage/blobs/blob-store.js';
import { type AssessmentServices, assessmentServices } from '../assessment-services.js';
import { requireAssessment } from '../assessments/require-assessment.js';
import { FileParts, IdParams, MULTIPART_NOTE, Ok, PageQuery, limitOf, multipartDocs } from '../route-schemas.js';
import { ProcessingStatus, ReviewStatus } from '../wire-enums.js';
import { rethrowAsBadMultipart } from './malformed-multipart.js';
import { checkUploadedFile, metadataVerdict } from './commands/check-upload.js';
import { deleteSourceDocument } from './commands/delete-source-document.js';
import { ingestFiles } from './commands/ingest-files.js';
import { inlineDisposition, parseRange } from './content-headers.js';
import { getSourceDocument, listSourceDocuments, presentDocuments } from './queries/get-source-document.js';
import { receiveUpload } from './receive-upload.js';
import { requireSourceDocument } from './require-source-document.js';
import type { SourceDocumentRecord } from './source-document.repository.js';
import { SourceDocument, SourceDocumentPage, UploadResult, UploadVerdict } from './source-document.schemas.js';

const tags = ['source documents'];
const SOURCE = 'Source files of the assessment area (`sdoc_` ids), not /v1 documents.';

const MetadataBody = Type.Object(
  { filename: Type.String({ minLength: 1 }), size_bytes: Type.Integer({ minimum: 0 }), mime_type: Type.Optional(Type.Union([Type.Null(), Type.String()])) },
  { additionalProperties: false },
);

/** The form of `POST /documents` (documentation only: the parts are streamed, see multipartDocs). */
const UploadForm = Type.Object({
  files: FileParts,
  assessment_id: Type.Optional(Type.String({ description: 'Add the files to this assessment; without it they are organization-level' })),
  processor_id: Type.Optional(Type.String({ description: 'The processor for these files' })),
});

/** The bytes of a stored file, served with its sniffed media type. */
const BINARY = { type: 'string', format: 'binary', description: 'The bytes; Content-Type is the sniffed type' };
const TEXT = { type: 'string', description: 'The file as stored, in its own encoding; ask your client for bytes to keep it' };
/**
 * Each media type an accepted upload is stored with, under its own name (not `*\/*`): a
 * generator that decodes by Content-Type then returns a PDF or an image as bytes
 * (docs/adr/0771-binary-answers-typed-errors.md).
 */
const STORED_FILE = Object.fromEntries(KIND_MIME_TYPES.map((type) => [type, { schema: type.startsWith('text/') ? TEXT : BINARY }]));
const CONTENT_HEADERS = {
  etag: { type: 'string', description: 'The sha256 of the bytes, quoted' },
  'content-disposition': { type: 'string', description: 'inline; filename="…"' },
};

const ValidateForm = Type.Object({ file: Type.String({ format: 'binary', description: 'The file to check; it is not stored' }) });

/** The routes of source files: upload, check, list, read, delete, and their bytes. */
export function registerSourceDocumentRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const services = assessmentServices(deps);
  registerUpload(fastify, deps, services);
  registerUploadCheck(fastify, deps);
  registerRecords(fastify, deps, services);
  registerContent(fastify, deps, services);
}

/** `POST /documents`: the files are streamed to the blob store, then ingested (and queued for processing). */
function registerUpload(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/documents',
    {
      schema: {
        operationId: 'uploadSourceDocuments',
        summary: 'Upload source documents',
        description: `${SOURCE} ${MULTIPART_NOTE} Optional field \`assessment_id\`; without it the documents are organization-level (batchable).`,
        tags,
        response: { 201: Ref(UploadResult), ...errorResponses(404, 413, 422) },
      },
      config: multipartDocs(UploadForm),
    },
    async (request, reply) =>
      receiveUpload(
        request,
        { blobs: services.blobs, maxBytes: deps.uploads.maxBytes },
        {
          notMultipart: 'send multipart/form-data with one or more `files` parts',
          prepare: () => contextOf(request, deps),
          fields: ['assessment_id', 'processor_id'],
          requireFiles: true,
          use: async (ctx, received) => {
            const assessmentId = received.fields.assessment_id?.trim();
            const assessment = assessmentId ? await requireAssessment(ctx, assessmentId) : null;
            const result = await ingestFiles(ctx, services, received.files, {
              assessment,
              processorId: received.fields.processor_id?.trim() || null,
              trigger: assessment ? 'add_documents' : 'upload',
            });
            return reply.status(201).send({ documents: await presentDocuments(ctx, result.documents), rejected_files: result.rejected_files });
          },
        },
      ),
  );
}

/** `POST /documents/validate`: the verdict an upload would get, from the file or from its metadata alone. */
function registerUploadCheck(fastify: FastifyInstance, deps: RouteDeps): void {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/documents/validate',
    {
      schema: {
        operationId: 'validateSourceDocument',
        summary: 'Check an upload without storing it',
        description: `${SOURCE} Multipart \`file\`, or JSON \`{filename, size_bytes, mime_type}\` for a metadata-only pre-check. Answers 200 with the verdict, valid or not.`,
        tags,
        response: { 200: Ref(UploadVerdict), ...errorResponses(422) },
      },
      config: multipartDocs(ValidateForm, MetadataBody),
    },
    async (request) => {
      contextOf(request, deps);
      if (request.isMultipart()) {
        try {
          const part = await request.file();
          if (!part) throw new DomainValidationError('send a `file` part');
          return await checkUploadedFile({ stream: part.file, filename: part.filename ?? '', mime_type: part.mimetype || null }, deps.uploads);
        } catch (error) {
          return rethrowAsBadMultipart(error);
        }
      }
      const body = request.body as unknown;
      if (!Value.Check(MetadataBody, body)) throw new DomainValidationError('send multipart `file`, or JSON {filename, size_bytes, mime_type}');
      return metadataVerdict({ filename: body.filename, size_bytes: body.size_bytes, mime_type: body.mime_type ?? null }, deps.uploads);
    },
  );
}

/** List, read and delete source documents. */
function registerRecords(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/documents',
    {
      schema: {
        operationId: 'listSourceDocuments',
        summary: 'List source documents',
        description: `${SOURCE} Newest first, filtered by assessment, processing status or review status; cursor paging (\`next_cursor\`).`,
        tags,
        querystring: Type.Object({
          assessment_id: Type.Optional(Type.String()),
          processing_status: Type.Optional(ProcessingStatus),
          review_status: Type.Optional(ReviewStatus),
          ...PageQuery,
        }),
        response: { 200: Ref(SourceDocumentPage) },
      },
    },
    async (request) => listSourceDocuments(contextOf(request, deps), { ...request.query, limit: limitOf(request.query) }),
  );

  app.get(
    '/documents/:id',
    {
      schema: {
        operationId: 'getSourceDocument',
        summary: 'A source document',
        description: `${SOURCE} With its processing and review status and item counts.`,
        tags,
        params: IdParams,
        response: { 200: Ref(SourceDocument), ...errorResponses(404) },
      },
    },
    async (request) => getSourceDocument(contextOf(request, deps), request.params.id),
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        operationId: 'deleteSourceDocument',
        summary: 'Delete a source document',
        description: `${SOURCE} Removes its stored file, runs, items, corrections and batch rows.`,
        tags,
        params: IdParams,
        response: { 200: Ok, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await deleteSourceDocument(contextOf(request, deps), services, request.params.id);
      return { ok: true };
    },
  );
}

/** `GET /documents/:id/content`: the original bytes, with ETag, Range and If-None-Match. */
function registerContent(fastify: FastifyInstance, deps: RouteDeps, services: AssessmentServices): void {
  fastify.withTypeProvider<TypeBoxTypeProvider>().get(
    '/documents/:id/content',
    {
      schema: {
        operationId: 'getSourceDocumentContent',
        summary: "Stream a source document's original bytes",
        description: `${SOURCE} Content-Type is the sniffed type; ETag is the sha256; Range gives 206 (416 when unsatisfiable); If-None-Match gives 304.`,
        tags,
        params: IdParams,
        response: {
          200: { description: 'The original bytes', headers: CONTENT_HEADERS, content: STORED_FILE },
          206: {
            description: 'The requested byte range',
            headers: { ...CONTENT_HEADERS, 'content-range': { type: 'string', description: 'bytes start-end/size' } },
            content: STORED_FILE,
          },
          304: { description: 'Not modified: If-None-Match named the current ETag', type: 'null' },
          416: { $ref: 'ErrorResponse' },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const doc = await requireSourceDocument(ctx, request.params.id);
      const orgId = ctx.actor.org.orgId;
      const size = await services.blobs.size(orgId, doc.blob_key);
      if (size === null) throw new NotFoundError(`the content of document ${doc.id} is missing`);
      return sendContent(reply, request.headers, { blobs: services.blobs, orgId, doc, size });
    },
  );
}

/** A stored file to send: where its bytes are and how many there are. */
interface StoredContent {
  blobs: BlobStore;
  orgId: string;
  doc: SourceDocumentRecord;
  size: number;
}

/** Sends the bytes (200), a range of them (206, or 416), or 304 when If-None-Match names the ETag. */
async function sendContent(reply: FastifyReply, headers: IncomingHttpHeaders, { blobs, orgId, doc, size }: StoredContent): Promise<FastifyReply> {
  const etag = `"${doc.sha256}"`;
  reply.header('etag', etag).header('accept-ranges', 'bytes').header('content-type', doc.mime_type);
  reply.header('content-disposition', inlineDisposition(doc.filename)).header('x-content-type-options', 'nosniff');
  const inm = headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return reply.status(304).send(null);
  const range = parseRange(headers.range, size);
  if (range.kind === 'unsatisfiable') {
    reply.serializer(JSON.stringify);
    reply.status(416).header('content-range', `bytes */${size}`).header('content-type', 'application/json; charset=utf-8');
    return reply.send({ detail: `range not satisfiable (size ${size})` });
  }
  if (range.kind === 'range') {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await blobs.openRead(orgId, doc.blob_key, range));
  }
  return reply
    .status(200)
    .header('content-length', size)
    .send(await blobs.openRead(orgId, doc.blob_key));
}
