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
