/** Shared checks of a correction body: the value must fit the item's value_type (ajv, 422). */
import { DomainValidationError } from '../../../kernel/errors.js';
import { valueText } from '../../../extraction/items.js';
import { checkValueType } from '../../../extraction/value-schemas.js';
import type { JsonValue, Provenance, ValueState, ValueType } from '../../../extraction/types.js';
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';
import { itemTypeOf } from '../processors/item-type-of.js';
import type { CorrectedValue } from './correction.repository.js';

export const CORRECTION_REASONS = ['ocr_error', 'wrong_value', 'wrong_location', 'format', 'missing_value', 'not_applicable', 'other'] as const;

export interface CorrectionBody {
  value: JsonValue;
  value_state?: ValueState;
  provenance?: Provenance;
  reason: (typeof CORRECTION_REASONS)[number];
  note?: string | null;
  expected_version?: number;
  time_spent_ms?: number;
}

/**
 * The corrected snapshot; a value of the wrong type is refused. A `null` value is allowed only
 * with a value_state that has no value (blank, absent, not_applicable, unreadable).
 *
 * @throws DomainValidationError when the value does not fit the item's type.
 */
export function correctedValue(
  item: ExtractedItemRecord,
  body: Pick<CorrectionBody, 'value' | 'value_state' | 'provenance'>,
): CorrectedValue & { value_text: string | null } {
  const state: ValueState = body.value_state ?? (body.value === null ? 'blank' : 'present');
  const hasValue = state === 'present' || state === 'inferred' || state === 'conflicting';
  if (hasValue) {
    const problem = checkValueType(item.value_type, body.value, { enum_values: itemTypeOf(item.processor_id, item.key)?.enum_values });
    if (problem) throw new DomainValidationError(`${problem} (item ${item.key} is ${item.value_type})`);
  } else if (body.value !== null) {
    throw new DomainValidationError(`value must be null when value_state is ${state}`);
  }
  return {
    value: hasValue ? body.value : null,
    value_state: state,
    provenance: body.provenance ?? item.provenance,
    reanchored: body.provenance !== undefined,
    value_text: hasValue ? valueText(item.value_type as ValueType, body.value) : null,
  };
}
