/** Documents: create, read, fields and readiness. */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { arrayAt, booleanAt, objectAt, optionalStringAt, stringAt } from './open-responses.js';
import type { Readiness, ReadinessGap } from './progress-events.js';
import { unwrap } from './unwrap.js';

export type FieldModel = components['schemas']['FieldModel'];
export type CreateDocumentBody = components['schemas']['CreateDocumentBody'];
export type FieldValues = components['schemas']['FieldsBody']['fields'];

export interface DocumentHeader {
  id: string;
  title: string;
  templateId: string | null;
  state: string;
}

export interface SectionSummary {
  id: string;
  title: string;
  status: string;
  content: string | null;
}

export interface DocumentDetail {
  document: DocumentHeader;
  sections: SectionSummary[];
}

/** `POST /v1/documents`: answers 201 with the new document's detail. */
export async function createDocument(client: QuireClient, body: CreateDocumentBody): Promise<DocumentDetail> {
  return documentDetailOf(unwrap(await client.v1.POST('/v1/documents', { body })));
}

export async function getDocument(client: QuireClient, documentId: string): Promise<DocumentDetail> {
  return documentDetailOf(unwrap(await client.v1.GET('/v1/documents/{document_id}', { params: { path: { document_id: documentId } } })));
}

export async function getFields(client: QuireClient, documentId: string): Promise<FieldModel[]> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}/fields', { params: { path: { document_id: documentId } } })).fields;
}

/** Merges values by key; a value outside an enum field's `options` is refused with 422. */
export async function putFields(client: QuireClient, documentId: string, fields: FieldValues): Promise<void> {
  unwrap(await client.v1.PUT('/v1/documents/{document_id}/fields', { params: { path: { document_id: documentId } }, body: { fields } }));
}

export async function getReadiness(client: QuireClient, documentId: string): Promise<Readiness> {
  const readiness = unwrap(await client.v1.GET('/v1/documents/{document_id}/readiness', { params: { path: { document_id: documentId } } }));
  const uiState = stringAt(readiness, 'ui_state');
  return {
    generation_should_proceed: booleanAt(readiness, 'generation_should_proceed'),
    ui_state: uiState === 'ready' || uiState === 'blocked' ? uiState : 'needs_input',
    gaps: arrayAt(readiness, 'gaps').map(
      (gap): ReadinessGap => ({
        kind: stringAt(gap, 'kind'),
        message: stringAt(gap, 'message'),
        subjectType: stringAt(gap, 'subjectType'),
        subjectId: stringAt(gap, 'subjectId'),
        ...(optionalStringAt(gap, 'key') === null ? {} : { key: stringAt(gap, 'key') }),
        blocking: booleanAt(gap, 'blocking'),
      }),
    ),
  };
}

function documentDetailOf(detail: unknown): DocumentDetail {
  const header = objectAt(detail, 'document');
  return {
    document: { id: stringAt(header, 'id'), title: stringAt(header, 'title'), templateId: optionalStringAt(header, 'templateId'), state: stringAt(header, 'state') },
    sections: arrayAt(detail, 'sections').map((section) => ({
      id: stringAt(section, 'id'),
      title: stringAt(section, 'title'),
      status: stringAt(section, 'status'),
      content: optionalStringAt(section, 'content'),
    })),
  };
}
