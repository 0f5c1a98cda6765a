/**
 * A document's history and lifecycle: hand-editing a section's output, its versions and their
 * restore, snapshots, generation snapshots and the diff between two, the lifecycle state, and
 * the PDF export. Thin typed wrappers over the generated operations.
 */
import type { QuireClient } from './client.js';
import { QuireApiError, detailOf } from './errors.js';
import type { ExportedDocx } from './export-docx.js';
import { filenameOf } from './export-docx.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

type Schemas = components['schemas'];
export type Source = Schemas['Source'];
export type SectionVersion = Schemas['SectionVersion'];
export type Snapshot = Schemas['Snapshot'];
export type GenerationSnapshotSummary = Schemas['GenerationSnapshotSummary'];
export type GenerationSnapshotDiff = Schemas['GenerationSnapshotDiff'];
export type DocumentState = Schemas['StateBody']['state'];

const sectionPath = (documentId: string, sectionId: string) => ({ path: { document_id: documentId, section_id: sectionId } });

/** Replaces a section's rendered output by hand (the section becomes `edited`; a version is kept). */
export async function putSectionOutput(client: QuireClient, documentId: string, sectionId: string, content: string) {
  return unwrap(
    await client.v1.PUT('/v1/documents/{document_id}/sections/{section_id}/output', { params: sectionPath(documentId, sectionId), body: { content } }),
  );
}

/** The section's versions (the first page of up to 200, newest first as the API lists them). */
export async function listSectionVersions(client: QuireClient, documentId: string, sectionId: string): Promise<SectionVersion[]> {
  return unwrap(
    await client.v1.GET('/v1/documents/{document_id}/sections/{section_id}/versions', {
      params: { ...sectionPath(documentId, sectionId), query: { limit: 200 } },
    }),
  );
}

export async function restoreSectionVersion(client: QuireClient, documentId: string, sectionId: string, version: number) {
  return unwrap(
    await client.v1.POST('/v1/documents/{document_id}/sections/{section_id}/versions/{version_num}/restore', {
      params: { path: { document_id: documentId, section_id: sectionId, version_num: version } },
    }),
  );
}

export async function listSnapshots(client: QuireClient, documentId: string): Promise<Snapshot[]> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}/snapshots', { params: { path: { document_id: documentId }, query: { limit: 200 } } }));
}

export async function createSnapshot(client: QuireClient, documentId: string, label: string | null): Promise<Snapshot> {
  return unwrap(await client.v1.POST('/v1/documents/{document_id}/snapshots', { params: { path: { document_id: documentId } }, body: { label } }));
}

export async function restoreSnapshot(client: QuireClient, documentId: string, snapshotId: string) {
  return unwrap(
    await client.v1.POST('/v1/documents/{document_id}/snapshots/{snapshot_id}/restore', {
      params: { path: { document_id: documentId, snapshot_id: snapshotId } },
    }),
  );
}

export async function listGenerationSnapshots(client: QuireClient, documentId: string): Promise<GenerationSnapshotSummary[]> {
  return unwrap(
    await client.v1.GET('/v1/documents/{document_id}/generation-snapshots', { params: { path: { document_id: documentId }, query: { limit: 200 } } }),
  );
}

export async function diffGenerationSnapshots(client: QuireClient, documentId: string, fromId: string, toId: string): Promise<GenerationSnapshotDiff> {
  return unwrap(
    await client.v1.GET('/v1/documents/{document_id}/generation-snapshots/{snapshot_id}/diff/{other_snapshot_id}', {
      params: { path: { document_id: documentId, snapshot_id: fromId, other_snapshot_id: toId } },
    }),
  );
}

export async function setDocumentState(client: QuireClient, documentId: string, state: DocumentState) {
  return unwrap(await client.v1.PUT('/v1/documents/{document_id}/state', { params: { path: { document_id: documentId } }, body: { state } }));
}

/** `GET …/export.pdf`: 503 with `{detail}` when the server has no LibreOffice. */
export async function exportPdf(client: QuireClient, documentId: string): Promise<ExportedDocx> {
  const { data, error, response } = await client.v1.GET('/v1/documents/{document_id}/export.pdf', {
    params: { path: { document_id: documentId } },
    parseAs: 'arrayBuffer',
  });
  if (!response.ok || data === undefined) throw new QuireApiError(response.status, detailOf(error));
  return { filename: filenameOf(response.headers.get('content-disposition')) ?? `${documentId}.pdf`, bytes: new Uint8Array(data) };
}
