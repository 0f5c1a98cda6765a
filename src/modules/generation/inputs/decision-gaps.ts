/**
 * A decision that cannot be evaluated (an input without a value, a rule that fails) is a
 * readiness gap (issue 31): a document must not go out with its conclusion guessed or left blank.
 */
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import type { DecisionResult } from '../../../tenant-code/evaluate-decisions.js';

/**
 * One blocking gap per undetermined decision; `needsInput` when only field values are missing (a
 * person fills them in). A decision left without a value by a failed computation, or by an
 * earlier decision that is itself undetermined, is not reported again: the root gap says it.
 */
export function decisionGaps(decisions: readonly DecisionResult[], failedComputations: ReadonlySet<string> = new Set()): ReadinessGap[] {
  const undetermined = new Set(decisions.filter((d) => d.status === 'undetermined').map((d) => d.key));
  const reportedElsewhere = (from: string): boolean => {
    const [root, member] = from.split('.');
    return (root === 'computed' && failedComputations.has(member)) || (root === 'decisions' && undetermined.has(member));
  };
  return decisions
    .filter((d) => d.status === 'undetermined' && !d.inputs.some((i) => i.value === null && reportedElsewhere(i.from)))
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
