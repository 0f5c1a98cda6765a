/**
 * Merge runs: one template × a table of rows → one document per row, rendered in the background
 * and downloaded as one zip. Starting one needs the editor role, as creating documents does
 * (the default for writes); reading one needs viewer. Routes only adapt.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { Ref, StringEnum, errorResponses } from '../../kernel/schema.js';
import { multipartDocs } from '../assessments/route-schemas.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../paging.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { requireTemplateBySlug } from '../templates/queries/get-template.js';
import { cancelMergeRun } from './commands/cancel-merge-run.js';
import { startMergeRun } from './commands/start-merge-run.js';
import { MergePreview, MergeRun, MergeRunBody, MergeRunForm, MergeRunRow, ROW_STATUSES, RUN_SORTS, RUN_STATUSES } from './merge.schemas.js';
import { presentMergeRow, presentMergeRun } from './merge-run.presenter.js';
import { MergeStreams, streamMergeProgress } from './merge-progress-stream.js';
import { listMergeRows, listMergeRuns } from './queries/list-merge-runs.js';
import { mergeResultZip } from './queries/merge-result-zip.js';
import { previewMergeRun } from './queries/preview-merge-run.js';
import { readMergeRequest } from './read-merge-request.js';
import { requireMergeRun } from './require-merge-run.js';

const tags = ['merge-runs'];
const TemplateParams = Type.Object({ slug: Type.String() });
const RunParams = Type.Object({ merge_run_id: Type.String() });
/** `GET /v1/merge-runs`: the view (ADR 0685) and the template (docs/adr/0786-merge-runs-by-template.md). */
const RunsQuery = Type.Object({
  ...PageQueryProperties,
  sort: Type.Optional(StringEnum(RUN_SORTS, { description: 'newest (default) or oldest created first, the same across pages' })),
  status: Type.Optional(StringEnum(RUN_STATUSES, { description: 'only runs in this state' })),
  template: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: "only the runs of the template with this slug (the runs' `templateSlug`)" }),
  ),
});
const INPUT =
  'JSON `{rows: [{column: value}], format?, fileNamePattern?, mapping?}`, or multipart/form-data with a CSV or .xlsx `file` (first row: the column names; checked like every upload) and the same options as text parts (`mapping` as JSON text).';

export function registerMergeRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerMergeStart(fastify, deps);
  registerMergeReads(fastify, deps);
  registerMergeCancel(fastify, deps);
  registerMergeProgress(fastify, deps);
  registerMergeResult(fastify, deps);
}

/** Preview and start. */
function registerMergeStart(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/templates/:slug/merge-runs/preview',
    {
      schema: {
        operationId: 'previewMergeRun',
        summary: 'What a merge run would do, without creating anything',
        description: `${INPUT} Answers which column fills which field (by key, by label or by the sent mapping), the columns no field takes, the required fields nothing fills, the first rows filled and named, every row's problems, and why starting would be refused.`,
        tags,
        params: TemplateParams,
        response: { 200: Ref(MergePreview), ...errorResponses(404, 413, 422) },
      },
      config: multipartDocs(MergeRunForm, MergeRunBody),
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      // The tenancy gate before the body is read: another organization's slug is 404 whatever was sent.
      await requireTemplateBySlug(ctx, request.params.slug);
      return previewMergeRun(ctx, request.params.slug, await readMergeRequest(request, deps.uploads.maxBytes));
    },
  );
  app.post(
    '/v1/templates/:slug/merge-runs',
    {
      schema: {
        operationId: 'startMergeRun',
        summary: 'Start a merge run: one document per row',
        description: `${INPUT} Refused with 422, nothing created, when a required field has no column or a value can never fit its field; a row whose required value is blank fails alone, saying why. The documents are made, generated and exported in the background; follow \`progressUrl\`, then download \`resultUrl\`.`,
        tags,
        params: TemplateParams,
        response: { 202: Ref(MergeRun), ...errorResponses(404, 413, 422) },
      },
      config: multipartDocs(MergeRunForm, MergeRunBody),
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      await requireTemplateBySlug(ctx, request.params.slug);
      const run = await startMergeRun(ctx, deps.jobs, request.params.slug, await readMergeRequest(request, deps.uploads.maxBytes));
      return reply.status(202).send(presentMergeRun(run));
    },
  );
}

/** The runs, one run, its rows. */
function registerMergeReads(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/merge-runs',
    {
      schema: {
        operationId: 'listMergeRuns',
        summary: "The organization's merge runs",
        description:
          'Newest first (or oldest first with `sort=oldest`), optionally only the runs of one `template` and only runs in one `status`, cursor-paged (`Link` and `X-Next-Cursor` name the next page), each with its counts and status. `template` is matched against the slug each run recorded (its `templateSlug`): an unknown slug answers an empty page.',
        tags,
        querystring: RunsQuery,
        response: { 200: PagedArray(Ref(MergeRun)), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const { sort, status, template } = request.query;
      const page = await listMergeRuns(contextOf(request, deps), pageOf(request.query), { sort, status, template });
      return sendPage(request, reply, { items: page.items.map(presentMergeRun), nextCursor: page.nextCursor });
    },
  );
  app.get(
    '/v1/merge-runs/:merge_run_id',
    {
      schema: {
        operationId: 'getMergeRun',
        summary: 'A merge run',
        description: 'Its status and counts (rows done, failed, pending).',
        tags,
        params: RunParams,
        response: { 200: Ref(MergeRun), ...errorResponses(404) },
      },
    },
    async (request) => presentMergeRun(await requireMergeRun(contextOf(request, deps), request.params.merge_run_id)),
  );
  app.get(
    '/v1/merge-runs/:merge_run_id/rows',
    {
      schema: {
        operationId: 'listMergeRunRows',
        summary: "A merge run's rows",
        description: "By row number, with each row's status, file name, document and, for a failed row, why (`?status=failed` lists the failed rows).",
        tags,
        params: RunParams,
        querystring: Type.Object({ ...PageQueryProperties, status: Type.Optional(StringEnum(ROW_STATUSES)) }),
        response: { 200: PagedArray(Ref(MergeRunRow)), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const page = await listMergeRows(contextOf(request, deps), request.params.merge_run_id, { ...pageOf(request.query), status: request.query.status });
      return sendPage(request, reply, { items: page.items.map(presentMergeRow), nextCursor: page.nextCursor });
    },
  );
}

/** Cancel. */
function registerMergeCancel(fastify: FastifyInstance, deps: RouteDeps): void {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/v1/merge-runs/:merge_run_id/cancel',
    {
      schema: {
        operationId: 'cancelMergeRun',
        summary: 'Cancel a merge run',
        description: 'Stops a queued or running run between rows; the rows already made stay in its zip. An ended run is answered as it is.',
        tags,
        params: RunParams,
        response: { 200: Ref(MergeRun), ...errorResponses(404) },
      },
    },
    async (request) => presentMergeRun(await cancelMergeRun(contextOf(request, deps), deps.jobs, request.params.merge_run_id)),
  );
}

/** The progress stream, its open streams ended before the application closes. */
function registerMergeProgress(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const streams = new MergeStreams();
  app.addHook('preClose', async () => streams.shutdown());
  app.get(
    '/v1/merge-runs/:merge_run_id/progress',
    {
      schema: {
        operationId: 'mergeRunProgress',
        summary: 'Merge progress as text/event-stream (replay from Last-Event-ID or ?after=<seq>)',
        description:
          'Server-sent events `id: <seq>`, `data: <JSON>`: `merge_started`, then `row_done` / `row_failed` per row (row number, file name or message, counts, `etaSeconds`), then `merge_ended` (status and counts), after which the stream closes.',
        tags,
        params: RunParams,
        querystring: Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0, description: 'replay events after this seq' })) }),
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ description: 'the last seq the client saw' })) }),
        response: {
          // The stream's schema is its event (one `data:` frame), as the generators read SSE.
          200: {
            description:
              'Server-sent events: each frame is `id: <seq>` and `data: <JSON>`, the JSON a `MergeProgressEvent`; comment lines keep the connection open.',
            content: { 'text/event-stream': { schema: { $ref: 'MergeProgressEvent' } } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const run = await requireMergeRun(ctx, request.params.merge_run_id);
      const lastEventId = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
      const afterSeq = Number.isFinite(lastEventId) ? lastEventId : (request.query.after ?? 0);
      streamMergeProgress(request, reply, ctx, { runId: run.id, afterSeq, streams });
    },
  );
}

/** The zip of every row made. Not the TypeBox type provider: it would type the reply after the 200 schema (a string), while a stream is sent. */
function registerMergeResult(fastify: FastifyInstance, deps: RouteDeps): void {
  fastify.get<{ Params: Static<typeof RunParams> }>(
    '/v1/merge-runs/:merge_run_id/result.zip',
    {
      schema: {
        operationId: 'mergeRunResult',
        summary: "A merge run's files as one zip",
        description: "Every row made, in row order, named by the run's pattern; streamed. 409 while the run is queued or running.",
        tags,
        params: RunParams,
        response: {
          200: { description: 'The zip', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const { run, stream } = await mergeResultZip(contextOf(request, deps), deps.blobs, request.params.merge_run_id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${run.template_slug.replace(/[^A-Za-z0-9_-]/g, '_')}-${run.id}.zip"`)
        .send(stream);
    },
  );
}
