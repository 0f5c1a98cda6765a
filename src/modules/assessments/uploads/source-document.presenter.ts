/** Wire shape of a source document (§4.2), snake_case; review status derived from its items. */
import type { ValidationStatus } from '../extracted-items/extracted-item.repository.js';
import type { Static } from 'typebox';
import type { SourceDocumentRecord } from './source-document.repository.js';
import type { SourceDocument } from './source-document.schemas.js';
import { REVIEW_STATUSES } from '../wire-enums.js';

type SourceDocumentWire = Static<typeof SourceDocument>;

export interface ItemCounts {
  total: number;
  pending: number;
  needs_review: number;
  auto_validated: number;
  validated: number;
  corrected: number;
  rejected: number;
}

/** Folds status counts into the §4.2 `item_counts`. */
export function itemCounts(byStatus: Partial<Record<ValidationStatus, number>> = {}): ItemCounts {
  const get = (s: ValidationStatus): number => byStatus[s] ?? 0;
  const counts = {
    pending: get('pending'),
    needs_review: get('needs_review'),
    auto_validated: get('auto_validated'),
    validated: get('validated'),
    corrected: get('corrected'),
    rejected: get('rejected'),
  };
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

/** §4.2 review_status: derived from items unless the document was rejected. */
export function reviewStatus(doc: Pick<SourceDocumentRecord, 'review_rejected'>, counts: ItemCounts): (typeof REVIEW_STATUSES)[number] {
  if (doc.review_rejected) return 'rejected';
  if (counts.total === 0) return 'not_started';
  const decided = counts.validated + counts.corrected + counts.rejected + counts.auto_validated;
  if (decided === counts.total) return 'validated';
  return decided > 0 ? 'in_review' : 'pending';
}

/** The document as the API shows it (the blob key never leaves the server). */
export function presentSourceDocument(doc: SourceDocumentRecord, byStatus?: Partial<Record<ValidationStatus, number>>): SourceDocumentWire {
  const counts = itemCounts(byStatus);
  return {
    id: doc.id,
    organization_id: doc.org_id,
    assessment_id: doc.assessment_id,
    filename: doc.filename,
    declared_mime_type: doc.declared_mime_type,
    mime_type: doc.mime_type,
    // Columns are plain text; the writers only store the values of the enums.
    kind: doc.kind as SourceDocumentWire['kind'],
    size_bytes: doc.size_bytes,
    sha256: doc.sha256,
    page_count: doc.page_count,
    text_layer: doc.text_layer as SourceDocumentWire['text_layer'],
    duplicate_of: doc.duplicate_of,
    processing_status: doc.processing_status as SourceDocumentWire['processing_status'],
    skip_reason: doc.skip_reason,
    review_status: reviewStatus(doc, counts),
    processor_id: doc.processor_id,
    processor_version: doc.processor_version,
    latest_run_id: doc.latest_run_id,
    item_counts: counts,
    problems: doc.problems as SourceDocumentWire['problems'],
    content_url: `/documents/${doc.id}/content`,
    uploaded_by: doc.uploaded_by,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
