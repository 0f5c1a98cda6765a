/**
 * The validation state an item starts with (D6, D7): checks run, blockers listed, and
 * `auto_validated` only when the assessment opted into automation and the item is confident.
 */
import { hasFailedErrorCheck, runItemChecks } from '../../../extraction/item-checks.js';
import { getProcessor } from '../../../extraction/processor-catalog.js';
import type { ExtractedItem } from '../../../extraction/types.js';
import type { Blocker, ItemValidation, ValidationStatus } from '../extracted-items/extracted-item.repository.js';
import { checksFor } from '../processors/item-type-of.js';

/**
 * Checks, blockers and the starting status of a freshly extracted item. An item goes to review
 * below the processor's `review_below_confidence`, or below its requirement's `min_confidence`
 * when the assessment asks for more on that key (confidences are calibrated probabilities, so
 * the threshold is the least chance of being right a value may have without a person's look).
 */
export function initialValidation(
  processorId: string,
  item: Pick<ExtractedItem, 'key' | 'value' | 'value_state' | 'value_type' | 'confidence'>,
  automation: 'never' | 'confident',
  requiredKeys: ReadonlySet<string>,
  minConfidenceByKey: ReadonlyMap<string, number> = new Map(),
): { status: ValidationStatus; validation: ItemValidation } {
  const processor = getProcessor(processorId);
  const checks = runItemChecks(checksFor(processorId, item.key, item.value_type), item);
  const blockers: Blocker[] = [];
  const reviewBelow = Math.max(processor?.defaults.review_below_confidence ?? 0.8, minConfidenceByKey.get(item.key) ?? 0);
  const overall = item.confidence.overall;
  const hasValue = item.value_state === 'present' || item.value_state === 'inferred';
  if (hasValue && overall !== null && overall < reviewBelow)
    blockers.push({ type: 'low_confidence', message: `confidence ${overall} is below ${reviewBelow}` });
  for (const c of checks) if (!c.passed && c.severity !== 'info') blockers.push({ type: 'failed_check', check_id: c.id, message: c.message ?? undefined });
  if (item.value_state === 'absent' && requiredKeys.has(item.key)) blockers.push({ type: 'absent_required' });
  if (item.value_state === 'conflicting') blockers.push({ type: 'conflicting' });
  if (item.value_state === 'unreadable') blockers.push({ type: 'unreadable' });
  const base: ItemValidation = { checks, blockers, decided_by: null, decided_at: null, decision_source: null, note: null };
  if (blockers.length > 0) return { status: 'needs_review', validation: base };
  const autoMin = processor?.defaults.auto_validate_min_confidence ?? 0.95;
  if (automation === 'confident' && hasValue && overall !== null && overall >= autoMin && !hasFailedErrorCheck(checks)) {
    return { status: 'auto_validated', validation: { ...base, decision_source: 'automation' } };
  }
  return { status: 'pending', validation: base };
}
