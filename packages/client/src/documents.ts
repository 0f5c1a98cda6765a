/** Documents: create, read, fields and readiness. */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import type { Readiness } from './progress-events.js';
import { unwrap } from './unwrap.js';

export type FieldModel = components['schemas']['FieldModel'];
export type CreateDocumentBody = components['schemas']['CreateDocumentBody'];
export type FieldValues = components['schemas']['FieldsBody']['fields'];
export type DocumentHeader = components['schemas']['DocumentHeader'];
export type SectionSummary = components['schemas']['Section'];
/** The document with its sections, fields, data-needs and sources. */
export type DocumentDetail = components['schemas']['DocumentDetail'];

/** `POST /v1/documents`: answers 201 with the new document's detail. */
export async function createDocument(client: QuireClient, body: CreateDocumentBody): Promise<DocumentDetail> {
  return unwrap(await client.v1.POST('/v1/documents', { body }));
}

export async function getDocument(client: QuireClient, documentId: string): Promise<DocumentDetail> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}', { params: { path: { document_id: documentId } } }));
}

export async function getFields(client: QuireClient, documentId: string): Promise<FieldModel[]> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}/fields', { params: { path: { document_id: documentId } } })).fields;
}

/** Merges values by key; a value outside an enum field's `options` is refused with 422. */
export async function putFields(client: QuireClient, documentId: string, fields: FieldValues): Promise<void> {
  unwrap(await client.v1.PUT('/v1/documents/{document_id}/fields', { params: { path: { document_id: documentId } }, body: { fields } }));
}

export async function getReadiness(client: QuireClient, documentId: string): Promise<Readiness> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}/readiness', { params: { path: { document_id: documentId } } }));
}
