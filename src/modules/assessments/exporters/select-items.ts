/** Which items an export takes: `validated_only` (default) or `all`; rejected items only on request. */
import type { ExtractedItemRecord, ValidationStatus } from '../extracted-items/extracted-item.repository.js';

export type ExportPolicy = 'validated_only' | 'all';

const ACCEPTED: readonly ValidationStatus[] = ['validated', 'corrected', 'auto_validated'];
const UNDECIDED: readonly ValidationStatus[] = ['pending', 'needs_review'];

/**
 * The validation statuses the policy takes, so the database selects the items (an export reads
 * them in pages and never holds the document's whole item list).
 */
export function selectedStatuses(options: { policy: ExportPolicy; include_rejected: boolean }): ValidationStatus[] {
  const statuses = options.policy === 'all' ? [...ACCEPTED, ...UNDECIDED] : [...ACCEPTED];
  if (options.include_rejected) statuses.push('rejected');
  return statuses;
}

/** How many current items the statuses hold and leave out, from the document's per-status tallies. */
export function countSelected(
  byStatus: Partial<Record<ValidationStatus, number>>,
  statuses: readonly ValidationStatus[],
): { selected: number; left_out: number } {
  let selected = 0;
  let total = 0;
  for (const [status, n] of Object.entries(byStatus) as Array<[ValidationStatus, number]>) {
    total += n;
    if (statuses.includes(status)) selected += n;
  }
  return { selected, left_out: total - selected };
}

/** The page number and quote of an item's first anchor that has a page (for flat formats and citations). */
export function firstPage(item: ExtractedItemRecord): number | null {
  for (const a of item.provenance.anchors) if (a.kind === 'page_region') return a.page_number;
  return null;
}
