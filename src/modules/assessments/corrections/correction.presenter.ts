/** Wire shape of a correction (§4.6) with its revision history. */
import type { Static } from 'typebox';
import type { CorrectionRecord, CorrectionRevision } from './correction.repository.js';
import type { Correction } from './correction.schemas.js';

type CorrectionWire = Static<typeof Correction>;

export function presentCorrection(c: CorrectionRecord, history: readonly CorrectionRevision[]): CorrectionWire {
  return {
    id: c.id,
    organization_id: c.org_id,
    item_id: c.item_id,
    document_id: c.document_id,
    assessment_id: c.assessment_id,
    run_id: c.run_id,
    revision: c.revision,
    status: c.status,
    previous: c.previous,
    corrected: c.corrected,
    // Plain text columns; the writers only store the values of the enums.
    reason: c.reason as CorrectionWire['reason'],
    note: c.note,
    history: history as CorrectionWire['history'],
    created_by: c.created_by,
    created_at: c.created_at,
    updated_by: c.updated_by,
    updated_at: c.updated_at,
    time_spent_ms: c.time_spent_ms,
  };
}
