/**
 * The four routes of a Word template's owner (a template or a document): PUT stores a .docx
 * (422 with the report when it has errors), GET its metadata and report, GET …/file the bytes,
 * DELETE removes it. One definition for both owners, so they cannot drift apart.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type TObject, Type } from 'typebox';
import { DomainValidationError } from '../../kernel/errors.js';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { DOCX_MEDIA_TYPE } from '../../docx/media-type.js';
import type { CommandContext } from '../context.js';
import { attachmentHeader } from '../content-disposition.js';
import type { DocumentRecord } from '../documents/document.repository.js';
import { multipartDocs } from '../assessments/route-schemas.js';
import { receiveUpload } from '../assessments/uploads/receive-upload.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { deleteWordTemplate } from './commands/delete-word-template.js';
import { putWordTemplate } from './commands/put-word-template.js';
import { presentWordTemplate } from './present-word-template.js';
import { readWordTemplate } from './queries/read-word-template.js';
import { WordTemplateInfo, WordTemplateRefused } from './word-templates.schemas.js';

export interface WordTemplateOwner<P> {
  kind: 'template' | 'document';
  /** The route of the Word template, e.g. `/v1/templates/:slug/word-template`. */
  path: string;
  params: TObject;
  /** The owner in the caller's organization (404 otherwise). */
  find(ctx: CommandContext, params: P): Promise<DocumentRecord>;
  /** The same, refusing an owner whose content may not change (a finalized document). */
  findEditable(ctx: CommandContext, params: P): Promise<DocumentRecord>;
  ownerPath(owner: DocumentRecord): string;
}

const tags = ['word-templates'];
const FileForm = Type.Object({ file: Type.String({ format: 'binary', description: 'The .docx Word template' }) });

export function registerWordTemplateOwnerRoutes<P>(fastify: FastifyInstance, deps: RouteDeps, owner: WordTemplateOwner<P>): void {
  registerPut(fastify, deps, owner);
  registerReads(fastify, deps, owner);
  registerDelete(fastify, deps, owner);
}

function operation(owner: WordTemplateOwner<unknown>, verb: string): string {
  return `${verb}${owner.kind === 'template' ? 'Template' : 'Document'}WordTemplate`;
}

function registerPut<P>(fastify: FastifyInstance, deps: RouteDeps, owner: WordTemplateOwner<P>): void {
  const services = { blobs: deps.blobs, uploads: deps.uploads };
  fastify.withTypeProvider<TypeBoxTypeProvider>().put(
    owner.path,
    {
      schema: {
        operationId: operation(owner, 'put'),
        summary: `Store the ${owner.kind}'s Word template`,
        description:
          'multipart/form-data with one `file` part (.docx). The file is checked like any upload, then inspected (see `POST /v1/word-templates/inspect`) ' +
          'against what the ' +
          owner.kind +
          ' provides. Stored when the report has no error (replacing any earlier one); 422 with the report otherwise, nothing stored. ' +
          (owner.kind === 'template'
            ? 'Documents made from the template export through it unless they carry their own.'
            : "Overrides the template's Word template for this document; a finalized document's cannot change."),
        tags,
        params: owner.params,
        response: { 200: Ref(WordTemplateInfo), 422: Ref(WordTemplateRefused), ...errorResponses(404, 413) },
      },
      config: multipartDocs(FileForm),
    },
    async (request, reply) =>
      receiveUpload(
        request,
        { blobs: deps.blobs, maxBytes: deps.uploads.maxBytes },
        {
          notMultipart: 'send multipart/form-data with one `file` part (the .docx)',
          prepare: async () => {
            const ctx = contextOf(request, deps);
            return { ctx, document: await owner.findEditable(ctx, request.params as P) };
          },
          fields: [],
          requireFiles: true,
          use: async ({ ctx, document }, received) => {
            if (received.files.length !== 1) throw new DomainValidationError('send exactly one `file` part (the .docx)');
            const outcome = await putWordTemplate(ctx, services, document, received.files[0]);
            if (!outcome.stored) {
              const errors = outcome.report.problems.filter((p) => p.severity === 'error').map((p) => p.message);
              return reply.status(422).send({ detail: `the Word template has errors: ${errors.join('; ')}`, report: outcome.report });
            }
            return reply.status(200).send(presentWordTemplate(outcome.wordTemplate, owner.ownerPath(document), false));
          },
        },
      ),
  );
}

function registerReads<P>(fastify: FastifyInstance, deps: RouteDeps, owner: WordTemplateOwner<P>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    owner.path,
    {
      schema: {
        operationId: operation(owner, 'get'),
        summary: `The ${owner.kind}'s Word template: file name, size, report`,
        description: `404 when the ${owner.kind} has none${owner.kind === 'document' ? ' (of its own or from its template: `inherited` says which)' : ''}.`,
        tags,
        params: owner.params,
        response: { 200: Ref(WordTemplateInfo), ...errorResponses(404) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const document = await owner.find(ctx, request.params as P);
      const { record, inherited } = await readWordTemplate(ctx, document);
      return presentWordTemplate(record, owner.ownerPath(document), inherited);
    },
  );
  // Not the TypeBox provider: it would type the reply after the 200 schema (a string), while a stream is sent.
  fastify.get(
    `${owner.path}/file`,
    {
      schema: {
        operationId: operation(owner, 'download'),
        summary: `The ${owner.kind}'s Word template file (.docx)`,
        description: `The bytes as they were uploaded, with their SHA-256 as ETag; 404 when the ${owner.kind} has no Word template${owner.kind === 'document' ? ' (of its own or from its template)' : ''}.`,
        tags,
        params: owner.params,
        response: {
          200: {
            description: 'The .docx as uploaded; `Content-Disposition: attachment` carries its name',
            headers: { etag: { type: 'string', description: 'SHA-256 of the bytes, quoted' } },
            content: { [DOCX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const { record } = await readWordTemplate(ctx, await owner.find(ctx, request.params as P));
      const stream = await deps.blobs.openRead(ctx.actor.org.orgId, record.blobKey);
      return reply
        .header('content-type', DOCX_MEDIA_TYPE)
        .header('content-disposition', attachmentHeader(record.fileName))
        .header('etag', `"${record.sha256}"`)
        .header('content-length', record.sizeBytes)
        .send(stream);
    },
  );
}

function registerDelete<P>(fastify: FastifyInstance, deps: RouteDeps, owner: WordTemplateOwner<P>): void {
  fastify.withTypeProvider<TypeBoxTypeProvider>().delete(
    owner.path,
    {
      schema: {
        operationId: operation(owner, 'delete'),
        summary: `Remove the ${owner.kind}'s Word template`,
        description: `The ${owner.kind} exports with ${owner.kind === 'document' ? "its template's Word template, or " : ''}the built-in layout again. 404 when it has none of its own.`,
        tags,
        params: owner.params,
        response: { 204: { description: 'Removed', type: 'null' }, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      await deleteWordTemplate(ctx, deps, await owner.findEditable(ctx, request.params as P));
      return reply.status(204).send(null);
    },
  );
}
