/**
 * Comment threads on a document's sections, and the people to mention (issue 33 item 4, ADR 0611).
 * Any member comments and replies (`config.role: viewer`); only the author edits or deletes a
 * comment (the use case answers 403); resolving and reopening are editor work (the default).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponse, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { Comment, CommentDeleted, CommentThread, CreateCommentBody, Person, ThreadQuery, UpdateCommentBody } from '../collaboration.schemas.js';
import { listPeople } from '../people.js';
import { deleteComment } from './commands/delete-comment.js';
import { editComment } from './commands/edit-comment.js';
import { openThread } from './commands/open-thread.js';
import { reopenThread } from './commands/reopen-thread.js';
import { replyToThread } from './commands/reply-to-thread.js';
import { resolveThread } from './commands/resolve-thread.js';
import { listDocumentThreads, listThreads } from './queries/list-threads.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const SectionParams = Type.Object({ document_id: Type.String(), section_id: Type.String() });
const ThreadParams = Type.Object({ document_id: Type.String(), thread_id: Type.String() });
const CommentParams = Type.Object({ document_id: Type.String(), comment_id: Type.String() });
const tags = ['comments'];
// Commenting changes no content: every member may (ADR 0611).
const anyMember = { role: 'viewer' as const };

export function registerCommentRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerCommentReads(fastify, deps);
  registerCommentWrites(fastify, deps);
  registerOwnComment(fastify, deps);
  registerThreadStatus(fastify, deps);
}

function registerCommentReads(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/people',
    {
      schema: {
        operationId: 'listPeople',
        summary: 'The members one can mention, by name',
        description: "The active organization's members as colleagues see them (id, e-mail, name; not their role), by name: what a mention picker offers.",
        tags,
        response: { 200: Type.Array(Ref(Person)) },
      },
    },
    async (request) => listPeople(contextOf(request, deps)),
  );

  app.get(
    '/v1/documents/:document_id/threads',
    {
      schema: {
        operationId: 'listDocumentThreads',
        summary: "A document's comment threads, oldest first",
        description:
          'Each thread with its comments, oldest first; filter by `section_id`, `status`, and `mentions=me` (threads that mention the caller); 404 when the document is absent.',
        tags,
        params: DocumentParams,
        querystring: ThreadQuery,
        response: { 200: Type.Array(Ref(CommentThread)), ...errorResponses(404, 422) },
      },
    },
    async (request) => listDocumentThreads(contextOf(request, deps), request.params.document_id, request.query),
  );

  app.get(
    '/v1/threads',
    {
      schema: {
        operationId: 'listThreads',
        summary: "The organization's comment threads (`mentions=me`: what mentions me)",
        description:
          "Comment threads of every document of the organization, oldest first, with the same filters as a document's list: `mentions=me` finds what mentions the caller.",
        tags,
        querystring: ThreadQuery,
        response: { 200: Type.Array(Ref(CommentThread)), ...errorResponses(422) },
      },
    },
    async (request) => listThreads(contextOf(request, deps), request.query),
  );
}

function registerCommentWrites(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/documents/:document_id/sections/:section_id/threads',
    {
      schema: {
        operationId: 'openCommentThread',
        summary: 'Comment on a section (opens a thread)',
        description:
          'Opens a thread with its first comment and answers 201 with it; `@e-mail` or `@name` in the text and `mentions` (user ids) mention members. Any member may. 404 when the document or section is absent, 422 for an empty text or a mentioned id that is not a member.',
        tags,
        params: SectionParams,
        body: Ref(CreateCommentBody),
        response: { 201: Ref(CommentThread), ...errorResponses(404, 422) },
      },
      config: anyMember,
    },
    async (request, reply) =>
      reply.status(201).send(await openThread(contextOf(request, deps), request.params.document_id, request.params.section_id, request.body)),
  );

  app.post(
    '/v1/documents/:document_id/threads/:thread_id/comments',
    {
      schema: {
        operationId: 'replyToThread',
        summary: 'Reply in a comment thread',
        description:
          'Adds a comment to the thread and answers 201 with it (mentions as when opening). Any member may. 404 when the document or thread is absent.',
        tags,
        params: ThreadParams,
        body: Ref(CreateCommentBody),
        response: { 201: Ref(Comment), ...errorResponses(404, 422) },
      },
      config: anyMember,
    },
    async (request, reply) =>
      reply.status(201).send(await replyToThread(contextOf(request, deps), request.params.document_id, request.params.thread_id, request.body)),
  );
}

function registerOwnComment(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.patch(
    '/v1/documents/:document_id/comments/:comment_id',
    {
      schema: {
        operationId: 'editComment',
        summary: 'Edit your own comment',
        description: 'Replaces the text (mentions are read again) and answers with the comment; 403 unless the caller wrote it; 404 when absent.',
        tags,
        params: CommentParams,
        body: Ref(UpdateCommentBody),
        response: { 200: Ref(Comment), 403: errorResponse(403), ...errorResponses(404, 422) },
      },
      config: anyMember,
    },
    async (request) => editComment(contextOf(request, deps), request.params.document_id, request.params.comment_id, request.body),
  );

  app.delete(
    '/v1/documents/:document_id/comments/:comment_id',
    {
      schema: {
        operationId: 'deleteComment',
        summary: 'Delete your own comment',
        description: 'Removes the comment (and its thread when it was the last one); 403 unless the caller wrote it; 404 when absent.',
        tags,
        params: CommentParams,
        response: { 200: Ref(CommentDeleted), 403: errorResponse(403), ...errorResponses(404) },
      },
      config: anyMember,
    },
    async (request) => deleteComment(contextOf(request, deps), request.params.document_id, request.params.comment_id),
  );
}

function registerThreadStatus(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  for (const [verb, operationId, run, summary] of [
    ['resolve', 'resolveCommentThread', resolveThread, 'Resolve a comment thread'],
    ['reopen', 'reopenCommentThread', reopenThread, 'Reopen a resolved comment thread'],
  ] as const) {
    app.post(
      `/v1/documents/:document_id/threads/:thread_id/${verb}`,
      {
        schema: {
          operationId,
          summary,
          description: `${summary} and answer with it (unchanged when it already was); editors and above. 404 when the document or thread is absent.`,
          tags,
          params: ThreadParams,
          response: { 200: Ref(CommentThread), ...errorResponses(404) },
        },
      },
      async (request) => run(contextOf(request, deps), request.params.document_id, request.params.thread_id),
    );
  }
}
