/**
 * A decision that cannot be evaluated (an input without a value, a rule that fails) is a
 * readiness gap (issue 31): a document must not go out with its conclusion guessed or left blank.
 */
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import type { DecisionResult } from '../../../tenant-code/evaluate-decisions.js';

/** One blocking gap per undetermined decision; `needsInput` when only field values are missing (a person fills them in). */
export function decisionGaps(decisions: readonly DecisionResult[]): ReadinessGap[] {
  return decisions
    .filter((d) => d.status === 'undetermined')
    .map((d) => {
      const fieldOnly = d.error?.startsWith('no value for ') === true && d.inputs.every((i) => i.value !== null || i.from.startsWith('fields.'));
      return {
        kind: 'decision_undetermined' as const,
        message: `The decision "${d.label}" cannot be made: ${d.error ?? 'it could not be evaluated'}`,
        subjectType: 'decision' as const,
        subjectId: d.key,
        key: d.key,
        blocking: true,
        ...(fieldOnly ? { needsInput: true } : {}),
      };
    });
}
