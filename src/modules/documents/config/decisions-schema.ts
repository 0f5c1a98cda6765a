/**
 * The `decisions` config group's shape (issue 31, docs/adr/0421): conclusions a template computes
 * by rules over fields, computed values and gathered data, instead of leaving them to prose.
 */
import { Type } from 'typebox';
import { LIMITS } from '../../../kernel/limits.js';

const Identifier = (description: string) => Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 100, description });
const Short = (description: string) => Type.String({ minLength: 1, maxLength: 500, description });

const OUTCOME_KEYS = {
  outcome: Identifier('the outcome this reaches (approve, reject, high…), what templates compare `decisions.<key>.outcome` with'),
  label: Type.Optional(Short('how the outcome reads ("Approve with conditions"); default: the outcome in words')),
  reason: Type.Optional(Type.String({ maxLength: 2000, description: "why, as a reader sees it; `{input}` is replaced by that input's value" })),
  phrases: Type.Optional(
    Type.Array(Short('words a sentence stating this outcome uses; `…` stands for up to five words'), {
      maxItems: 20,
      description: 'how a sentence states this outcome (the check stage flags one that states another than the decided); default: the label',
    }),
  ),
};

export const DecisionOutcome = Type.Object(OUTCOME_KEYS, { additionalProperties: false });

export const DecisionRule = Type.Object(
  { ...OUTCOME_KEYS, when: Type.Unknown({ description: 'JsonLogic over the decision\'s inputs by name ({"var": "age"}); the first rule that holds decides' }) },
  { additionalProperties: false },
);

const DecisionInput = Type.Union([
  Type.String({ maxLength: 300, description: 'a path: fields.<key>, computed.<name>, gathered.<key>, or decisions.<key>.outcome of an earlier decision' }),
  Type.Object(
    {
      from: Type.String({ maxLength: 300 }),
      optional: Type.Optional(Type.Boolean({ description: 'decide without a value (the rules see null) instead of a readiness gap' })),
    },
    { additionalProperties: false },
  ),
]);

export const DecisionDefinition = Type.Object(
  {
    key: Identifier('templates read the result as decisions.<key>'),
    label: Short('what is decided ("Recommendation")'),
    inputs: Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), DecisionInput, {
      maxProperties: 50,
      description: 'name → where its value comes from; a missing value of a required input leaves the decision undetermined (a readiness gap)',
    }),
    rules: Type.Array(DecisionRule, { maxItems: 50 }),
    otherwise: DecisionOutcome,
  },
  { additionalProperties: false },
);

export const DecisionItems = () =>
  Type.Array(DecisionDefinition, { maxItems: LIMITS.computationsPerGroup, description: 'decisions, evaluated in order after the computations' });

const INPUT_ROOTS = ['fields', 'computed', 'gathered', 'decisions'];

/**
 * What the schema cannot say about valid decisions: keys are unique, each input's path starts at
 * a namespace the decide stage provides, and a decision reads only decisions declared before it
 * (they are evaluated in order). Empty when the items are sound.
 */
export function decisionProblems(items: ReadonlyArray<{ key: string; inputs: Record<string, string | { from: string }> }>): string[] {
  const problems: string[] = [];
  const before = new Set<string>();
  for (const item of items) {
    if (before.has(item.key)) problems.push(`decisions.items: the key "${item.key}" is used twice`);
    for (const [name, spec] of Object.entries(item.inputs)) {
      const [root, member] = (typeof spec === 'string' ? spec : spec.from).split('.');
      if (!INPUT_ROOTS.includes(root) || !member)
        problems.push(`decisions.items (${item.key}): input "${name}" must read fields.<key>, computed.<name>, gathered.<key> or decisions.<key>.outcome`);
      else if (root === 'decisions' && !before.has(member))
        problems.push(`decisions.items (${item.key}): input "${name}" reads the decision "${member}", which is not declared before it`);
    }
    before.add(item.key);
  }
  return problems;
}
