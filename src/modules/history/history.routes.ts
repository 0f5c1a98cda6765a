/** Snapshots, section output versions and generation snapshots. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, Ref, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { presentSection } from '../documents/sections/section.presenter.js';
import { createSnapshot } from './commands/create-snapshot.js';
import { deleteSnapshot } from './commands/delete-snapshot.js';
import { reproduceGeneration } from './commands/reproduce-generation.js';
import { restoreSectionVersion } from './commands/restore-section-version.js';
import { restoreSnapshot } from './commands/restore-snapshot.js';
import { CreateSnapshotBody, DeleteSnapshotResponse, GenerationReproduction, GenerationSnapshotDiff, ReproduceGenerationBody } from './history.schemas.js';
import { diffGenerationSnapshots } from './queries/diff-generation-snapshots.js';
import { getGenerationSnapshot, listGenerationSnapshots, listSnapshots, presentSnapshot } from './queries/list-history.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../paging.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const SnapshotParams = Type.Object({ document_id: Type.String(), snapshot_id: Type.String() });
const DiffParams = Type.Object({ document_id: Type.String(), snapshot_id: Type.String(), other_snapshot_id: Type.String() });
const VersionParams = Type.Object({ document_id: Type.String(), section_id: Type.String(), version_num: Type.Integer({ minimum: 1 }) });
const tags = ['history'];

export function registerHistoryRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v1/documents/:document_id/snapshots',
    { schema: { operationId: 'listSnapshots', summary: 'Snapshots, newest first', tags, params: DocumentParams, querystring: PageQuery, response: { 200: PagedArray(OpenObject()), ...errorResponses(404, 422) } } },
    async (request, reply) => sendPage(request, reply, await listSnapshots(contextOf(request, deps), request.params.document_id, pageOf(request.query))),
  );

  app.post(
    '/v1/documents/:document_id/snapshots',
    { schema: { operationId: 'createSnapshot', summary: 'Capture the current output (unlabeled: "Version N")', tags, params: DocumentParams, body: Ref(CreateSnapshotBody), response: { 201: OpenObject(), ...errorResponses(404, 422) } } },
    async (request, reply) => reply.status(201).send(presentSnapshot(await createSnapshot(contextOf(request, deps), request.params.document_id, request.body?.label))),
  );

  app.post(
    '/v1/documents/:document_id/snapshots/:snapshot_id/restore',
    { schema: { operationId: 'restoreSnapshot', summary: 'Restore a snapshot onto the live sections', tags, params: SnapshotParams, response: { 200: OpenObject(), ...errorResponses(404, 422) } } },
    async (request) => restoreSnapshot(contextOf(request, deps), request.params.document_id, request.params.snapshot_id),
  );

  app.delete(
    '/v1/documents/:document_id/snapshots/:snapshot_id',
    { schema: { operationId: 'deleteSnapshot', summary: 'Delete a snapshot', tags, params: SnapshotParams, response: { 200: Ref(DeleteSnapshotResponse), ...errorResponses(404) } } },
    async (request) => {
      await deleteSnapshot(contextOf(request, deps), request.params.document_id, request.params.snapshot_id);
      return { ok: true };
    },
  );

  app.post(
    '/v1/documents/:document_id/sections/:section_id/versions/:version_num/restore',
    { schema: { operationId: 'restoreSectionVersion', summary: 'Restore a past section output', tags, params: VersionParams, response: { 200: OpenObject(), ...errorResponses(404, 422) } } },
    async (request) => presentSection(await restoreSectionVersion(contextOf(request, deps), request.params.document_id, request.params.section_id, request.params.version_num)),
  );

  app.get(
    '/v1/documents/:document_id/generation-snapshots',
    { schema: { operationId: 'listGenerationSnapshots', summary: 'Immutable per-run pins, newest first', tags, params: DocumentParams, querystring: PageQuery, response: { 200: PagedArray(OpenObject()), ...errorResponses(404, 422) } } },
    async (request, reply) => sendPage(request, reply, await listGenerationSnapshots(contextOf(request, deps), request.params.document_id, pageOf(request.query))),
  );

  app.get(
    '/v1/documents/:document_id/generation-snapshots/:snapshot_id',
    { schema: { operationId: 'getGenerationSnapshot', summary: 'A run\'s full manifest and output', tags, params: SnapshotParams, response: { 200: OpenObject(), ...errorResponses(404) } } },
    async (request) => getGenerationSnapshot(contextOf(request, deps), request.params.document_id, request.params.snapshot_id),
  );

  app.post(
    '/v1/documents/:document_id/generation-snapshots/:snapshot_id/reproduce',
    {
      schema: {
        operationId: 'reproduceGeneration',
        summary: 'Re-render from the pinned manifest: offline replay by default (no model call), `{"mode": "live"}` asks the model again',
        tags,
        params: SnapshotParams,
        body: Ref(ReproduceGenerationBody),
        response: { 200: Ref(GenerationReproduction), ...errorResponses(404, 422) },
      },
      // The contract gives this operation no body: a request without one is the default mode.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => reproduceGeneration(contextOf(request, deps), deps.model, request.params.document_id, request.params.snapshot_id, { mode: request.body?.mode ?? 'offline' }),
  );

  app.get(
    '/v1/documents/:document_id/generation-snapshots/:snapshot_id/diff/:other_snapshot_id',
    { schema: { operationId: 'diffGenerationSnapshots', summary: 'Per section: whether and why the output changed between two generation snapshots', tags, params: DiffParams, response: { 200: Ref(GenerationSnapshotDiff), ...errorResponses(404) } } },
    async (request) => diffGenerationSnapshots(contextOf(request, deps), request.params.document_id, request.params.snapshot_id, request.params.other_snapshot_id),
  );
}
