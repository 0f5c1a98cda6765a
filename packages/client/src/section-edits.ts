/**
 * Working on one section: its server-side draft (saved while typing, read back on another
 * device, discarded) and regenerating it alone. Publishing a draft is `putSectionOutput`.
 */
import type { QuireClient } from './client.js';
import { QuireApiError } from './errors.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

export type SectionDraft = components['schemas']['SectionDraft'];

const sectionPath = (documentId: string, sectionId: string) => ({ path: { document_id: documentId, section_id: sectionId } });

/** The section's draft, or null when it has none. */
export async function getSectionDraft(client: QuireClient, documentId: string, sectionId: string): Promise<SectionDraft | null> {
  try {
    return unwrap(await client.v1.GET('/v1/documents/{document_id}/sections/{section_id}/draft', { params: sectionPath(documentId, sectionId) }));
  } catch (error) {
    // A section without a draft answers 404 like an absent one; the section itself was just read.
    if (error instanceof QuireApiError && error.status === 404) return null;
    throw error;
  }
}

export async function saveSectionDraft(
  client: QuireClient,
  documentId: string,
  sectionId: string,
  content: string,
  baseVersion?: number,
): Promise<SectionDraft> {
  return unwrap(
    await client.v1.PUT('/v1/documents/{document_id}/sections/{section_id}/draft', {
      params: sectionPath(documentId, sectionId),
      body: { content, ...(baseVersion !== undefined ? { baseVersion } : {}) },
    }),
  );
}

export async function discardSectionDraft(client: QuireClient, documentId: string, sectionId: string): Promise<void> {
  unwrap(await client.v1.DELETE('/v1/documents/{document_id}/sections/{section_id}/draft', { params: sectionPath(documentId, sectionId) }));
}

/** Starts a run that rewrites this one section (a hand edit is replaced; it stays in the history). */
export async function regenerateSection(client: QuireClient, documentId: string, sectionId: string) {
  return unwrap(await client.v1.POST('/v1/documents/{document_id}/sections/{section_id}/regenerate', { params: sectionPath(documentId, sectionId), body: {} }));
}
