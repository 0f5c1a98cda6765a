/**
 * The assessment area's calls the console makes, over the typed client (`client.service`):
 * each returns the data or throws QuireApiError with the server's `{detail}`.
 */
import { type QuireClient, unwrapResult } from '@quire/client';
import type { service } from '@quire/client';

type Schemas = service.components['schemas'];
export type Assessment = Schemas['Assessment'];
export type SourceDocument = Schemas['SourceDocument'];
export type Completeness = Schemas['Completeness'];
export type ProcessingDetails = Schemas['ProcessingDetails'];
export type Exporter = Schemas['Exporter'];
export type Batch = Schemas['Batch'];

/** The orders the assessments list offers (the library lists' `sort`, ADR 0685). */
export type AssessmentSort = 'newest' | 'oldest' | 'updated' | 'name';

export async function listAssessments(client: QuireClient, view: { sort?: AssessmentSort; q?: string } = {}): Promise<Assessment[]> {
  return unwrapResult(await client.service.GET('/assessments', { params: { query: { limit: 100, ...view } } })).assessments;
}

export async function getAssessmentCase(client: QuireClient, id: string): Promise<Assessment> {
  return unwrapResult(await client.service.GET('/assessments/{id}', { params: { path: { id } } }));
}

export async function listAssessmentDocuments(client: QuireClient, assessmentId: string): Promise<SourceDocument[]> {
  return unwrapResult(await client.service.GET('/documents', { params: { query: { assessment_id: assessmentId, limit: 200 } } })).documents;
}

export async function getSourceDocument(client: QuireClient, id: string): Promise<SourceDocument> {
  return unwrapResult(await client.service.GET('/documents/{id}', { params: { path: { id } } }));
}

export async function getCompleteness(client: QuireClient, id: string): Promise<Completeness> {
  return unwrapResult(await client.service.GET('/assessments/{id}/completeness', { params: { path: { id } } }));
}

export async function getProcessingDetails(client: QuireClient, id: string): Promise<ProcessingDetails> {
  return unwrapResult(await client.service.GET('/assessments/{id}/document-processing-details', { params: { path: { id } } }));
}

export async function listExporters(client: QuireClient): Promise<Exporter[]> {
  return unwrapResult(await client.service.GET('/exporters')).exporters;
}

/** Runs an exporter on a document and returns the answer as a Blob (JSON or a file). */
export async function exportDocument(client: QuireClient, documentId: string, exporter: string): Promise<Blob> {
  const { data, error, response } = await client.service.POST('/documents/{id}/export/{exporter_name}', {
    params: { path: { id: documentId, exporter_name: exporter } },
    body: { only_validated: false },
    parseAs: 'blob',
  });
  return unwrapResult({ data, error, response });
}

export async function listBatches(client: QuireClient, assessmentId: string): Promise<Batch[]> {
  return unwrapResult(await client.service.GET('/batches', { params: { query: { limit: 200 } } })).batches.filter((b) => b.assessment_id === assessmentId);
}

/** A batch over the assessment's documents, and its first run. */
export async function runBatch(client: QuireClient, assessmentId: string, name: string, documentIds: string[]): Promise<void> {
  const created = unwrapResult(
    await client.service.POST('/batches', { body: { name, assessment_id: assessmentId, document_ids: documentIds, options: { preserve_corrections: true } } }),
  );
  unwrapResult(
    await client.service.POST('/batches/{id}/runs', { params: { path: { id: created.batch.id } }, body: { scope: 'all', preserve_corrections: true } }),
  );
}

/** The /v1 documents a new assessment may feed. */
export async function listLinkableDocuments(client: QuireClient): Promise<Array<{ id: string; title: string }>> {
  const result = unwrapResult(await client.v1.GET('/v1/documents', { params: { query: { limit: 100 } } }));
  return result.map((d) => ({ id: d.id, title: d.title }));
}

/** The linked /v1 document's sections with their status (stale ones say why). */
export async function listLinkedSections(client: QuireClient, documentId: string) {
  return unwrapResult(await client.v1.GET('/v1/documents/{document_id}/sections', { params: { path: { document_id: documentId } } }));
}
