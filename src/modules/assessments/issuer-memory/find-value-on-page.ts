/**
 * A decided value looked for on its page by what it is, for a correction that gave a value but
 * no box: the first segment (top to bottom, left to right) that reads as exactly that value.
 */
import { recallField } from '../../../extraction/memory/recall-fields.js';
import type { PlacedSegment } from '../../../extraction/memory/placed-segments.js';
import type { JsonValue, Provenance, ValueType } from '../../../extraction/types.js';
import { valueShape } from '../../../extraction/memory/value-shape.js';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The value's provenance and printed text on the page, or null when no segment reads as it. */
export function findValueOnPage(
  segments: PlacedSegment[],
  key: string,
  valueType: string,
  value: JsonValue,
): { provenance: Provenance; raw_text: string } | null {
  const ordered = [...segments].sort((a, b) => a.page - b.page || a.box.y - b.box.y || a.box.x - b.box.x);
  for (const seg of ordered) {
    // Reading the segment as if it were its own label's value: an inline field with an empty label.
    for (const dateOrder of ['dmy', 'mdy'] as const) {
      const probe = recallField(
        [seg],
        {
          key,
          label: key,
          value_type: valueType as ValueType,
          page: seg.page,
          relation: 'inline',
          anchor_text: '',
          anchor_norm: '',
          anchor_box: seg.box,
          dx: 0,
          dx_right: 0,
          dy: 0,
          region: seg.box,
          format: valueShape(seg.text),
          date_order: dateOrder,
          learned_from: { correction_id: null, item_id: '', document_id: '', decided_at: '' },
        },
        '',
      );
      if (probe && same(probe.value, value) && probe.raw_text) return { provenance: probe.provenance, raw_text: probe.raw_text };
    }
  }
  return null;
}
