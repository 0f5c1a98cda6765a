import { type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { type GenerationSnapshotRecord } from '../generation-snapshot.repository.js';
import { type SnapshotRecord } from '../snapshot.repository.js';

export function presentSnapshot(snapshot: SnapshotRecord) {
  return {
    id: snapshot.id,
    documentId: snapshot.documentId,
    version: snapshot.versionNumber,
    label: snapshot.label,
    sections: snapshot.sections,
    createdBy: snapshot.createdBy,
    createdAt: snapshot.createdAt,
  };
}

function summary(snapshot: GenerationSnapshotRecord) {
  const manifest = snapshot.manifest as { engineVersion?: string; usage?: unknown; run?: { kind?: string } };
  return {
    id: snapshot.id,
    documentId: snapshot.documentId,
    runId: snapshot.runNumber,
    runKind: manifest.run?.kind ?? null,
    engineVersion: manifest.engineVersion ?? null,
    manifestHash: snapshot.manifestHash,
    usage: manifest.usage ?? null,
    sectionCount: snapshot.output.sections.length,
    createdAt: snapshot.createdAt,
  };
}

/**
 * `GET /snapshots`, newest first.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listSnapshots(ctx: CommandContext, documentId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  return mapPage(ctx.repos.snapshots.listPage(ctx.actor.org.orgId, document.id, page), presentSnapshot);
}

/**
 * `GET /generation-snapshots`: the immutable pins, newest first (summaries).
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listGenerationSnapshots(ctx: CommandContext, documentId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  return mapPage(ctx.repos.generationSnapshots.listPage(ctx.actor.org.orgId, document.id, page), summary);
}

/**
 * `GET /generation-snapshots/{id}`: the full manifest and output.
 *
 * @throws NotFoundError when the document or snapshot is absent or foreign.
 */
export async function requireGenerationSnapshot(ctx: CommandContext, documentId: string, snapshotId: string): Promise<GenerationSnapshotRecord> {
  const document = await requireDocument(ctx, documentId);
  const snapshot = await ctx.repos.generationSnapshots.findById(ctx.actor.org.orgId, document.id, snapshotId);
  if (!snapshot) throw new NotFoundError(`generation snapshot ${snapshotId} not found`);
  return snapshot;
}

export async function getGenerationSnapshot(ctx: CommandContext, documentId: string, snapshotId: string) {
  const snapshot = await requireGenerationSnapshot(ctx, documentId, snapshotId);
  return { ...summary(snapshot), manifest: snapshot.manifest, output: snapshot.output };
}
