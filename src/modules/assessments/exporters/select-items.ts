/** Which items an export takes: `validated_only` (default) or `all`; rejected items only on request. */
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';

export type ExportPolicy = 'validated_only' | 'all';

const ACCEPTED = new Set(['validated', 'corrected', 'auto_validated']);

export function selectItems(
  items: readonly ExtractedItemRecord[],
  options: { policy: ExportPolicy; include_rejected: boolean },
): { selected: ExtractedItemRecord[]; left_out: number } {
  const selected = items.filter((i) => {
    if (i.validation_status === 'rejected') return options.include_rejected;
    return options.policy === 'all' || ACCEPTED.has(i.validation_status);
  });
  return { selected, left_out: items.length - selected.length };
}

/** The page number and quote of an item's first anchor that has a page (for flat formats and citations). */
export function firstPage(item: ExtractedItemRecord): number | null {
  for (const a of item.provenance.anchors) if (a.kind === 'page_region') return a.page_number;
  return null;
}
