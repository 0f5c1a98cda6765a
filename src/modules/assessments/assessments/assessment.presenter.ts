/** Wire shape of an assessment (§4.1) with derived status, counts and completeness summary. */
import type { Static } from 'typebox';
import type { AssessmentRecord } from './assessment.repository.js';
import type { Assessment } from './assessment.schemas.js';
import type { Completeness } from './queries/compute-completeness.js';

/** §4.1 derived status. */
export function assessmentStatus(c: Completeness): 'draft' | 'processing' | 'in_review' | 'complete' | 'failed' {
  if (c.documents.total === 0) return 'draft';
  if (c.documents.pending > 0) return 'processing';
  if (c.documents.failed === c.documents.total) return 'failed';
  return c.complete ? 'complete' : 'in_review';
}

export function presentAssessment(a: AssessmentRecord, c: Completeness): Static<typeof Assessment> {
  return {
    id: a.id,
    organization_id: a.org_id,
    name: a.name,
    description: a.description,
    status: assessmentStatus(c),
    processor_id: a.processor_id,
    automation: a.automation,
    requirements: a.requirements,
    linked_document_id: a.linked_document_id,
    counts: {
      documents: c.documents.total,
      processing: c.documents.pending,
      failed: c.documents.failed,
      items: c.items.total,
      needs_review: c.items.needs_review,
      validated: c.items.validated + c.items.corrected + c.items.auto_validated,
    },
    completeness: { status: c.status, score: c.score, computed_at: c.computed_at },
    created_by: a.created_by,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}
