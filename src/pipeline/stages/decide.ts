/**
 * The decide stage (issue 31), after compute: the template's decisions — rules over fields,
 * computed values and gathered data — evaluated in a tenant-code worker. What they conclude goes
 * into the render context as facts (`decisions.<key>`), so written sections explain a conclusion
 * instead of reaching one, and the check stage flags a sentence that states another.
 */
import { evaluateDecisionsBounded } from '../../tenant-code/tenant-code-pool.js';
import type { DecideInput, DecisionResult } from '../../tenant-code/evaluate-decisions.js';

export type { DecideInput, DecisionResult, DecisionSpec } from '../../tenant-code/evaluate-decisions.js';

/** Every decision in declaration order (later ones may read earlier outcomes). */
export function decideAll(input: DecideInput): Promise<DecisionResult[]> {
  return evaluateDecisionsBounded(input);
}

/** A decision as templates and writers read it: `decisions.<key>.outcome`, `.label`, `.reasons`. */
export interface DecisionFact {
  title: string;
  decided: boolean;
  outcome: string | null;
  label: string | null;
  reasons: string[];
  /** The earlier decisions this one read (their reasons explain it too). */
  restsOn: string[];
}

/** `key → fact` for the render context. */
export function decisionFacts(results: readonly DecisionResult[]): Record<string, DecisionFact> {
  return Object.fromEntries(
    results.map((r) => [
      r.key,
      {
        title: r.label,
        decided: r.status === 'decided',
        outcome: r.outcome,
        label: r.outcomeLabel,
        reasons: r.reasons,
        restsOn: [...new Set(r.inputs.filter((i) => i.from.startsWith('decisions.')).map((i) => i.from.split('.')[1]))],
      },
    ]),
  );
}
