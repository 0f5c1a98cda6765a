/**
 * /v1/documents and fields. Routes only adapt. Lifecycle state, readiness and computed values
 * read the readiness assembler, so their routes are in generation/readiness.routes.ts; the document
 * detail (`GET /v1/documents/{id}`) and its cache are in detail/document-detail.routes.ts. The routes
 * here that answer with the detail present it with the presenter they are given (app.ts hands in
 * the workflow tier's, which adds `staleBecause`), so every detail response is the same shape.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { deleteDocument } from './commands/delete-document.js';
import { deleteField } from './fields/commands/delete-field.js';
import { instantiateTemplate } from './commands/instantiate-template.js';
import { replaceFields } from './fields/commands/replace-fields.js';
import { updateDocument } from './commands/update-document.js';
import {
  CreateDocumentBody,
  DeleteFieldResponse,
  DocumentDetail,
  DocumentSummary,
  FieldsBody,
  FieldsResponse,
  ListDocumentsQuery,
  UpdateDocumentBody,
} from './documents.schemas.js';
import { documentDetail } from './queries/get-document.js';
import type { DocumentFilter, DocumentRecord } from './document.repository.js';
import { requireDocument } from './require-document.js';
import type { CommandContext } from '../context.js';
import { listDocuments } from './queries/list-documents.js';
import { listFields } from './fields/queries/list-fields.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../paging.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const FieldParams = Type.Object({ document_id: Type.String(), field_id: Type.String() });
const tags = ['documents'];
const Ok = Type.Object({ ok: Type.Boolean() });

/** The list's filters as asked: a blank `q` filters nothing (an emptied search box lists everything). */
function filterOf(query: { q?: string; state?: string; order?: string }): DocumentFilter {
  const q = query.q?.trim();
  return { titleSearch: q ? q : undefined, state: query.state, newestFirst: query.order === 'newest' };
}

/** Presents the detail of a document already in scope (`{document, sections, sources, fields, dataNeeds}`). */
export type DocumentDetailPresenter = (ctx: CommandContext, document: DocumentRecord) => ReturnType<typeof documentDetail>;

/** The documents' own routes, then their fields'. */
export function registerDocumentRoutes(fastify: FastifyInstance, deps: RouteDeps, presentDetail: DocumentDetailPresenter = documentDetail): void {
  registerDocumentCrud(fastify, deps, presentDetail);
  registerFieldRoutes(fastify, deps, presentDetail);
}

/** List, create (from a template), update and delete documents. */
function registerDocumentCrud(fastify: FastifyInstance, deps: RouteDeps, presentDetail: DocumentDetailPresenter): void {
  registerDocumentCollection(fastify, deps, presentDetail);
  registerDocumentChanges(fastify, deps, presentDetail);
}

/** List documents; create one from a template. */
function registerDocumentCollection(fastify: FastifyInstance, deps: RouteDeps, presentDetail: DocumentDetailPresenter): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents',
    {
      schema: {
        operationId: 'listDocuments',
        summary: 'List document instances',
        description:
          "The active organization's document instances (not templates), each with its `{key: value}` field map; oldest first, or newest first with `order=newest`; `q` keeps those whose title matches the text (see `q`), best match first, `state` those in one lifecycle state (422 for another value).",
        tags,
        querystring: ListDocumentsQuery,
        response: { 200: PagedArray(Ref(DocumentSummary)), ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listDocuments(contextOf(request, deps), { templates: false, filter: filterOf(request.query) }, pageOf(request.query))),
  );

  app.post(
    '/v1/documents',
    {
      schema: {
        operationId: 'createDocument',
        summary: 'Instantiate a template into a document',
        description:
          "Copies the template's sections, fields, data-needs and config into a new document and sets the fields sent (values are stored as strings). Answers 201 with the document detail (`document`, `sections`, `sources`, `fields`, `dataNeeds`); 404 when the template is not in the active organization, 422 for a bad body or a field value not of its type.",
        tags,
        body: Ref(CreateDocumentBody),
        response: { 201: Ref(DocumentDetail), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const document = await instantiateTemplate(ctx, request.body);
      return reply.status(201).send(await presentDetail(ctx, document));
    },
  );
}

/** Update and delete one document. */
function registerDocumentChanges(fastify: FastifyInstance, deps: RouteDeps, presentDetail: DocumentDetailPresenter): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.patch(
    '/v1/documents/:document_id',
    {
      schema: {
        operationId: 'updateDocument',
        summary: 'Update title, description or template flag',
        description:
          'Applies only the keys sent and answers with the refreshed document detail; 422 for an empty body or a blank title, 404 when the document is absent or of another organization.',
        tags,
        params: DocumentParams,
        body: Ref(UpdateDocumentBody),
        response: { 200: Ref(DocumentDetail), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const document = await updateDocument(ctx, request.params.document_id, request.body);
      return presentDetail(ctx, document);
    },
  );

  app.delete(
    '/v1/documents/:document_id',
    {
      schema: {
        operationId: 'deleteDocument',
        summary: 'Delete a document and everything it owns',
        description: 'Deletes the document with its sections, data-needs, fields, bindings and history; 404 when absent or of another organization.',
        tags,
        params: DocumentParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteDocument(contextOf(request, deps), deps.blobs, request.params.document_id);
      return { ok: true };
    },
  );
}

/** A document's fields: merge values by key, list, delete one. */
function registerFieldRoutes(fastify: FastifyInstance, deps: RouteDeps, presentDetail: DocumentDetailPresenter): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/v1/documents/:document_id/fields',
    {
      schema: {
        operationId: 'putFields',
        summary: 'Merge field values by key',
        description:
          "Sets the fields sent (creating missing keys; values stored as strings) and answers with the refreshed document detail; 422 for a value not of its field's type or outside an enum field's options, or a finalized document; 404 when the document is absent.",
        tags,
        params: DocumentParams,
        body: Ref(FieldsBody),
        response: { 200: Ref(DocumentDetail), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const { document_id } = request.params;
      await replaceFields(ctx, document_id, request.body.fields);
      return presentDetail(ctx, await requireDocument(ctx, document_id));
    },
  );

  app.get(
    '/v1/documents/:document_id/fields',
    {
      schema: {
        operationId: 'getFields',
        summary: "The document's fields",
        description: 'Every field row of the document (an empty list when it has none); 404 when the document is absent.',
        tags,
        params: DocumentParams,
        querystring: PageQuery,
        response: { 200: Ref(FieldsResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => listFields(contextOf(request, deps), request.params.document_id, pageOf(request.query)),
  );

  app.delete(
    '/v1/documents/:document_id/fields/:field_id',
    {
      schema: {
        operationId: 'deleteField',
        summary: 'Delete a field',
        description: 'Removes one field row; 404 when the document or field is absent, 422 when the document is finalized.',
        tags,
        params: FieldParams,
        response: { 200: Ref(DeleteFieldResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const { document_id, field_id } = request.params;
      await deleteField(contextOf(request, deps), document_id, field_id);
      return { ok: true };
    },
  );
}
