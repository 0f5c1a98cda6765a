/**
 * The live streams (issue 33 item 1, ADR 0591): `GET /v1/documents/{id}/live` (one document's
 * changes) and `GET /v1/live` (every change of the active organization). Authorized like any
 * read: every member (viewers too) may open them; another organization's document is a 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { NotFoundError } from '../../kernel/errors.js';
import { errorResponses } from '../../kernel/schema.js';
import type { CommandContext } from '../context.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { LiveHub } from './live-hub.js';
import { streamLive } from './live-stream.js';

const tags = ['live'];
const Cursor = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, description: 'replay changes after this seq (0: every change kept); default: only changes from now on' })),
});
const Headers = Type.Object({
  'x-org-slug': Type.Optional(Type.String()),
  'last-event-id': Type.Optional(Type.String({ description: 'the last seq the client saw (an EventSource sends it when it reconnects)' })),
});
const streamResponse = (what: string) => ({
  200: {
    description: `Server-sent events of ${what}: each frame is \`id: <seq>\` and \`data: <JSON>\`, the JSON a \`LiveEvent\` (one schema per change kind, told apart by \`kind\`); comment lines (\`: keep-alive\`) keep the connection open. The stream stays open; a \`: shutting down\` comment ends it when the process stops (reconnect with Last-Event-ID).`,
    content: { 'text/event-stream': { schema: { type: 'string', contentMediaType: 'text/event-stream', contentSchema: { $ref: 'LiveEvent' } } } },
  },
});

/** Where a stream starts: Last-Event-ID, else `?after=`, else the organization's latest change. */
async function cursorOf(ctx: CommandContext, request: FastifyRequest, after: number | undefined): Promise<number> {
  const lastEventId = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
  if (Number.isFinite(lastEventId) && lastEventId >= 0) return lastEventId;
  return after ?? (await ctx.repos.liveChanges.lastSeq(ctx.actor.org.orgId));
}

export function registerLiveRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const hub = new LiveHub(deps.db);
  // preClose: before Fastify waits for open connections, which a stream would hold forever.
  app.addHook('preClose', async () => hub.shutdown());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/v1/documents/:document_id/live',
    {
      schema: {
        operationId: 'documentLive',
        summary: "The document's changes as text/event-stream (resume with Last-Event-ID or ?after=<seq>)",
        description:
          "Streams every change of the document — run progress (one event per batch), sections edited, restored or regenerated, fields, lifecycle state, snapshots, comments — as server-sent `LiveEvent`s within a second of their commit, whichever process made them. Starts with the changes after `Last-Event-ID` or `?after=`, else with the next change. Any member may open it; 404 when the document is absent or another organization's.",
        tags,
        params: Type.Object({ document_id: Type.String() }),
        querystring: Cursor,
        headers: Headers,
        response: { ...streamResponse("one document's changes"), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      // The repository looks only inside the caller's organization (the same gate as
      // documents/require-document.ts, read from the repository floor: documents publish here,
      // so this module may not import theirs).
      const document = await ctx.repos.documents.findById(ctx.actor.org.orgId, request.params.document_id);
      if (!document) throw new NotFoundError(`document ${request.params.document_id} not found`);
      const afterSeq = await cursorOf(ctx, request, request.query.after);
      streamLive(request, reply, hub, { orgId: ctx.actor.org.orgId, documentId: document.id, afterSeq });
    },
  );

  app.get(
    '/v1/live',
    {
      schema: {
        operationId: 'organizationLive',
        summary: "The active organization's changes as text/event-stream (resume with Last-Event-ID or ?after=<seq>)",
        description:
          "Streams every change of the active organization's documents, assessments and merge runs as server-sent `LiveEvent`s within a second of their commit, whichever process made them; one stream serves every list and status view of the organization. Starts with the changes after `Last-Event-ID` or `?after=`, else with the next change. Any member may open it.",
        tags,
        querystring: Cursor,
        headers: Headers,
        response: { ...streamResponse("the organization's changes"), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const afterSeq = await cursorOf(ctx, request, request.query.after);
      streamLive(request, reply, hub, { orgId: ctx.actor.org.orgId, afterSeq });
    },
  );
}
