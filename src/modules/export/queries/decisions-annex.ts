/**
 * The export's annex "Decisions and the rules that made them" (issue 31): each decision of the
 * latest run with its outcome, the rule that fired (its condition in words) and the input values
 * it saw, so a reader of the file can check the conclusion without the service. A section block
 * after the document's own, in every layout.
 */
import type { SectionBlock } from '../../../docx/composed-document.js';
import type { DecisionResult } from '../../../tenant-code/evaluate-decisions.js';

export const DECISIONS_ANNEX_TITLE = 'Decisions and the rules that made them';

const OPERATORS: Record<string, string> = { '==': '=', '===': '=', '!=': '≠', '!==': '≠', '>': '>', '>=': '≥', '<': '<', '<=': '≤', in: 'in' };

/** A JsonLogic condition in words: `age_months > 12`, `sensitive and assurance ≠ "met"`; other operations as JSON. */
export function conditionInWords(rule: unknown): string {
  if (rule === null || typeof rule !== 'object') return JSON.stringify(rule) ?? 'null';
  if (Array.isArray(rule)) return `[${rule.map(conditionInWords).join(', ')}]`;
  const entries = Object.entries(rule as Record<string, unknown>);
  if (entries.length !== 1) return JSON.stringify(rule);
  const [op, raw] = entries[0];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') return String(args[0]);
  if (op in OPERATORS && args.length === 2) return `${conditionInWords(args[0])} ${OPERATORS[op]} ${conditionInWords(args[1])}`;
  if ((op === 'and' || op === 'or') && args.length > 0)
    return args.map((a) => (isCompound(a) ? `(${conditionInWords(a)})` : conditionInWords(a))).join(` ${op} `);
  if (op === '!' && args.length === 1) return `not ${isCompound(args[0]) ? `(${conditionInWords(args[0])})` : conditionInWords(args[0])}`;
  return JSON.stringify(rule);
}

const isCompound = (rule: unknown): boolean => typeof rule === 'object' && rule !== null && !Array.isArray(rule) && !('var' in rule);

/** A table cell: no pipes or line breaks. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function ruleOf(decision: DecisionResult): string {
  if (decision.status === 'undetermined') return `Not evaluated: ${decision.error ?? 'unknown error'}`;
  if (decision.rule === null || decision.rule.index === null) return 'Otherwise (no rule applied)';
  return `Rule ${decision.rule.index + 1}: ${conditionInWords(decision.rule.when)}`;
}

function inputsOf(decision: DecisionResult): string {
  if (decision.inputs.length === 0) return '—';
  return decision.inputs.map((i) => `${i.name} = ${i.value === null ? 'none' : typeof i.value === 'string' ? i.value : JSON.stringify(i.value)}`).join('; ');
}

/** The annex as a section block, or null when the latest run computed no decisions. */
export function decisionsAnnex(decisions: readonly DecisionResult[] | null): SectionBlock | null {
  if (decisions === null || decisions.length === 0) return null;
  const rows = decisions.map((d) => [d.label, d.outcomeLabel ?? 'Undetermined', ruleOf(d), inputsOf(d), d.reasons.join(' ') || '—'].map(cell).join(' | '));
  const content = [
    'Each conclusion of this document was computed from its inputs by the rules below; the text explains it.',
    '',
    '| Decision | Outcome | Rule that decided | Inputs | Why |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
    '',
  ].join('\n');
  return { kind: 'section', id: 'decisions-annex', title: DECISIONS_ANNEX_TITLE, content, outputType: 'markdown' };
}
