/**
 * The evaluation's suites. Each measures something and names its goals; the runner (eval/run.ts)
 * writes every suite's report into EVALUATION.md and fails on a goal that was met and is no
 * longer. Extraction's evaluation (issue 32) is another entry here.
 */
export interface Measure {
  /** Stable id, e.g. `check.builtin.precision` (what eval/goals-met.json names). */
  id: string;
  label: string;
  value: number;
  /** How the value is shown: a share as a percentage, a ratio to two decimals, a count as is. */
  format: 'percent' | 'ratio' | 'count' | 'seconds';
  goal?: { op: '>=' | '<='; target: number };
}

export interface SuiteReport {
  title: string;
  measures: Measure[];
  /** Markdown shown under the suite's table (what was run, caveats, examples). */
  notes: string[];
}

export interface Suite {
  name: string;
  /** `args`: the command line after `npm run eval --` (e.g. `--calibrate`). */
  run(args?: readonly string[]): Promise<SuiteReport>;
}

export function meets(m: Measure): boolean | null {
  if (!m.goal) return null;
  return m.goal.op === '>=' ? m.value >= m.goal.target : m.value <= m.goal.target;
}
