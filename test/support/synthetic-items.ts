/**
 * Synthetic extracted items in bulk, the nth computed from n: for the exporters' tests, the export
 * streaming e2e and the export memory bench, which need thousands of items of a known shape
 * without running an extraction. Rows for `ExtractedItemRepository.insertMany` (no `org_id`, the
 * repository sets it); spread an `org_id` in for a record used without a database.
 *
 *   await repo.insertMany(orgId, syntheticItems(10_000, { documentId }));
 *   const record = { org_id: 'org_x', ...syntheticItem(7) };
 */
import type { ExtractedItemRecord, ValidationStatus } from '../../src/modules/assessments/extracted-items/extracted-item.repository.js';

export type SyntheticItem = Omit<ExtractedItemRecord, 'org_id'>;

/** What varies between the callers; the rest of an item is the same everywhere. */
export interface SyntheticItemShape {
  /** Default `sdoc_x`. */
  documentId?: string;
  /** The id is this followed by n on six digits (`itm_000007`). */
  idPrefix?: string;
  /** Default `run_x`. A run that sorts after another puts these items after that run's in listing order. */
  runId?: string;
  /** Default `row.k{n mod 50}`: 50 keys, each occurring many times. */
  key?: (n: number) => string;
  /** The value, value_text and raw_text. Default `value {n}`. */
  text?: (n: number) => string;
  /** Default `quote {n}`; a hash makes an export that does not compress, as a real one. */
  quote?: (n: number) => string;
  /** Default validated, corrected, pending in turn; a corrected item is `is_corrected`. */
  status?: (n: number) => ValidationStatus;
}

export const SYNTHETIC_ITEM_TIME = '2026-03-14T09:30:00.000Z';

const STATUSES: readonly ValidationStatus[] = ['validated', 'corrected', 'pending'];

/** The nth item: confidence n % 100 hundredths, on page 1 + n % 7, one page region. */
export function syntheticItem(n: number, shape: SyntheticItemShape = {}): SyntheticItem {
  const text = shape.text?.(n) ?? `value ${n}`;
  const status = shape.status?.(n) ?? STATUSES[n % STATUSES.length];
  return {
    id: `${shape.idPrefix ?? 'itm_'}${String(n).padStart(6, '0')}`,
    document_id: shape.documentId ?? 'sdoc_x',
    assessment_id: null,
    run_id: shape.runId ?? 'run_x',
    ordinal: n,
    processor_id: 'prc_generic_fields',
    key: shape.key?.(n) ?? `row.k${n % 50}`,
    label: 'Row',
    occurrence_index: Math.floor(n / 50),
    value_type: 'string',
    value_state: 'present',
    value: text,
    value_text: text,
    raw_text: text,
    extracted: { value: text, value_text: text, raw_text: text, value_state: 'present' },
    confidence: { overall: (n % 100) / 100, ocr: null, extraction: null, level: 'high', method: 'pattern_rule', calibrated: false },
    provenance: {
      quote: shape.quote?.(n) ?? `quote ${n}`,
      text_source: 'native',
      anchors: [
        {
          kind: 'page_region',
          page_number: 1 + (n % 7),
          page_size: { width: 612, height: 792, unit: 'pt' },
          boxes: [{ x: 0.1, y: 0.2, w: 0.3, h: 0.05 }],
          coord_origin: 'top_left',
        },
      ],
    },
    candidates: [],
    validation_status: status,
    validation: { checks: [], blockers: [], decided_by: null, decided_at: null, decision_source: null, note: null },
    current_correction_id: null,
    is_corrected: status === 'corrected',
    version: 1,
    superseded_by: null,
    created_at: SYNTHETIC_ITEM_TIME,
    updated_at: SYNTHETIC_ITEM_TIME,
  };
}

/** Items `from` … `from + count - 1`. */
export function syntheticItems(count: number, shape: SyntheticItemShape = {}, from = 0): SyntheticItem[] {
  return Array.from({ length: count }, (_, i) => syntheticItem(from + i, shape));
}
