/** Snapshots, section output versions and generation snapshots. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { presentSection } from '../documents/sections/section.presenter.js';
import { Section } from '../documents/sections/sections.schemas.js';
import { createSnapshot } from './commands/create-snapshot.js';
import { deleteSnapshot } from './commands/delete-snapshot.js';
import { reproduceGeneration } from './commands/reproduce-generation.js';
import { restoreSectionVersion } from './commands/restore-section-version.js';
import { restoreSnapshot } from './commands/restore-snapshot.js';
import {
  CreateSnapshotBody,
  DeleteSnapshotResponse,
  GenerationReproduction,
  GenerationSnapshot,
  GenerationSnapshotDiff,
  GenerationSnapshotSummary,
  ReproduceGenerationBody,
  RestoreSnapshotResponse,
  Snapshot,
} from './history.schemas.js';
import { diffGenerationSnapshots } from './queries/diff-generation-snapshots.js';
import { getGenerationSnapshot, listGenerationSnapshots, listSnapshots, presentSnapshot } from './queries/list-history.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../paging.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const SnapshotParams = Type.Object({ document_id: Type.String(), snapshot_id: Type.String() });
const DiffParams = Type.Object({ document_id: Type.String(), snapshot_id: Type.String(), other_snapshot_id: Type.String() });
const VersionParams = Type.Object({ document_id: Type.String(), section_id: Type.String(), version_num: Type.Integer({ minimum: 1 }) });
const tags = ['history'];

/** The routes of a document's history: manual snapshots and section versions, then generation snapshots. */
export function registerHistoryRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerManualHistory(fastify, deps);
  registerGenerationSnapshots(fastify, deps);
}

/** Snapshots taken by hand (list, take, restore, delete) and a section's past outputs restored. */
function registerManualHistory(fastify: FastifyInstance, deps: RouteDeps): void {
  registerSnapshotCollection(fastify, deps);
  registerSnapshotActions(fastify, deps);
}

/** List and create snapshots. */
function registerSnapshotCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/snapshots',
    {
      schema: {
        operationId: 'listSnapshots',
        summary: 'Snapshots, newest first',
        description: "The document's output snapshots, newest first; 404 when the document is absent.",
        tags,
        params: DocumentParams,
        querystring: PageQuery,
        response: { 200: PagedArray(Ref(Snapshot)), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listSnapshots(contextOf(request, deps), request.params.document_id, pageOf(request.query))),
  );

  app.post(
    '/v1/documents/:document_id/snapshots',
    {
      schema: {
        operationId: 'createSnapshot',
        summary: 'Capture the current output (unlabeled: "Version N")',
        description:
          'Captures every section\'s current output as a snapshot (unlabeled: "Version N") and answers 201 with it; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        body: Ref(CreateSnapshotBody),
        response: { 201: Ref(Snapshot), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentSnapshot(await createSnapshot(contextOf(request, deps), request.params.document_id, request.body?.label))),
  );
}

/** Restore and delete one snapshot; restore one section version. */
function registerSnapshotActions(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/documents/:document_id/snapshots/:snapshot_id/restore',
    {
      schema: {
        operationId: 'restoreSnapshot',
        summary: 'Restore a snapshot onto the live sections',
        description:
          "Puts the snapshot's outputs back onto the live sections (recording a version of each) and says which were restored; 404 when the document or snapshot is absent, 422 for a finalized document.",
        tags,
        params: SnapshotParams,
        response: { 200: Ref(RestoreSnapshotResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => restoreSnapshot(contextOf(request, deps), request.params.document_id, request.params.snapshot_id),
  );

  app.delete(
    '/v1/documents/:document_id/snapshots/:snapshot_id',
    {
      schema: {
        operationId: 'deleteSnapshot',
        summary: 'Delete a snapshot',
        description: 'Deletes a snapshot; 404 when the document or snapshot is absent.',
        tags,
        params: SnapshotParams,
        response: { 200: Ref(DeleteSnapshotResponse), ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteSnapshot(contextOf(request, deps), request.params.document_id, request.params.snapshot_id);
      return { ok: true };
    },
  );

  app.post(
    '/v1/documents/:document_id/sections/:section_id/versions/:version_num/restore',
    {
      schema: {
        operationId: 'restoreSectionVersion',
        summary: 'Restore a past section output',
        description:
          'Puts a past output of the section back (recording a new version) and answers with the section; 404 when the document, section or version is absent, 422 for a finalized document.',
        tags,
        params: VersionParams,
        response: { 200: Ref(Section), ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      presentSection(await restoreSectionVersion(contextOf(request, deps), request.params.document_id, request.params.section_id, request.params.version_num)),
  );
}

/** The pins of each run: list, read, reproduce, and the diff of two. */
function registerGenerationSnapshots(fastify: FastifyInstance, deps: RouteDeps): void {
  registerGenerationSnapshotLookups(fastify, deps);
  registerGenerationSnapshotComparisons(fastify, deps);
}

/** List generation snapshots; read one. */
function registerGenerationSnapshotLookups(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/generation-snapshots',
    {
      schema: {
        operationId: 'listGenerationSnapshots',
        summary: 'Immutable per-run pins, newest first',
        description:
          'The immutable per-run pins of the document, newest first (summaries; the manifest is on the single read); 404 when the document is absent.',
        tags,
        params: DocumentParams,
        querystring: PageQuery,
        response: { 200: PagedArray(Ref(GenerationSnapshotSummary)), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listGenerationSnapshots(contextOf(request, deps), request.params.document_id, pageOf(request.query))),
  );

  app.get(
    '/v1/documents/:document_id/generation-snapshots/:snapshot_id',
    {
      schema: {
        operationId: 'getGenerationSnapshot',
        summary: "A run's full manifest and output",
        description: 'One pin with its full manifest (everything the run read and decided) and output; 404 when the document or snapshot is absent.',
        tags,
        params: SnapshotParams,
        response: { 200: Ref(GenerationSnapshot), ...errorResponses(404) },
      },
    },
    async (request) => getGenerationSnapshot(contextOf(request, deps), request.params.document_id, request.params.snapshot_id),
  );
}

/** Reproduce a generation; diff two snapshots. */
function registerGenerationSnapshotComparisons(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/documents/:document_id/generation-snapshots/:snapshot_id/reproduce',
    {
      schema: {
        operationId: 'reproduceGeneration',
        summary: 'Re-render from the pinned manifest: offline replay by default (no model call), `{"mode": "live"}` asks the model again',
        description:
          'Re-renders every section from the pinned manifest and says per section whether the output is byte-identical; offline by default (no model call), `{"mode": "live"}` asks the model again. 404 when the document or snapshot is absent.',
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
    async (request) =>
      reproduceGeneration(contextOf(request, deps), deps.model, request.params.document_id, request.params.snapshot_id, {
        mode: request.body?.mode ?? 'offline',
      }),
  );

  app.get(
    '/v1/documents/:document_id/generation-snapshots/:snapshot_id/diff/:other_snapshot_id',
    {
      schema: {
        operationId: 'diffGenerationSnapshots',
        summary: 'Per section: whether and why the output changed between two generation snapshots',
        description:
          'Compares two pins of the document section by section: whether the output changed, which recorded inputs differ (`causes`), ' +
          'each differing input with its value in both (`inputs`) and the output word by word (`textDiff`); 404 when the document or either snapshot is absent.',
        tags,
        params: DiffParams,
        response: { 200: Ref(GenerationSnapshotDiff), ...errorResponses(404) },
      },
    },
    async (request) =>
      diffGenerationSnapshots(contextOf(request, deps), request.params.document_id, request.params.snapshot_id, request.params.other_snapshot_id),
  );
}
