/**
 * The `interview` config group's shape (issue 33, item 3; docs/adr/0601): steps of questions over
 * the template's fields, each question asked always or on a condition, with help and examples.
 * The evaluator of the conditions is src/kernel/interview.ts, shared with the console.
 */
import { Type } from 'typebox';
import { LIMITS } from '../../../kernel/limits.js';

const FieldKey = Type.String({ minLength: 1, maxLength: LIMITS.fieldKeyChars, description: 'the key of one of the template’s fields' });
const Scalar = Type.Union([Type.String({ maxLength: LIMITS.shortValueChars }), Type.Number(), Type.Boolean()]);

const AskWhenTest = Type.Union([
  Type.Object(
    { field: FieldKey, equals: Scalar },
    { additionalProperties: false, description: 'asked when that answer equals the value (yes/no answers: true or false)' },
  ),
  Type.Object(
    { field: FieldKey, oneOf: Type.Array(Scalar, { minItems: 1, maxItems: 50 }) },
    { additionalProperties: false, description: 'asked when that answer is one of the values' },
  ),
  Type.Object(
    { field: FieldKey, filled: Type.Boolean() },
    { additionalProperties: false, description: 'asked when that answer is filled in (true) or empty (false)' },
  ),
]);

export const AskWhen = Type.Union(
  [
    AskWhenTest,
    Type.Object({ all: Type.Array(AskWhenTest, { minItems: 1, maxItems: 20 }) }, { additionalProperties: false, description: 'asked when every test holds' }),
    Type.Object({ any: Type.Array(AskWhenTest, { minItems: 1, maxItems: 20 }) }, { additionalProperties: false, description: 'asked when one test holds' }),
    Type.Object({ not: AskWhenTest }, { additionalProperties: false, description: 'asked when the test does not hold' }),
  ],
  {
    description:
      'when the question is asked; a field not asked is not a readiness gap and not required. A test of a field that is itself not asked sees it as empty',
  },
);

const InterviewQuestion = Type.Object(
  {
    field: FieldKey,
    askWhen: Type.Optional(Type.Union([Type.Null(), AskWhen])),
    help: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2000, description: 'why the question is asked ("Why do we ask?")' })])),
    examples: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10, description: 'sample answers' })])),
  },
  { additionalProperties: false },
);

export const InterviewSteps = () =>
  Type.Array(
    Type.Object(
      {
        key: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]*$', maxLength: 100, description: 'stable key of the step' }),
        title: Type.String({ minLength: 1, maxLength: LIMITS.titleChars }),
        intro: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2000, description: 'a paragraph shown above the questions' })])),
        questions: Type.Array(InterviewQuestion, { minItems: 1, maxItems: LIMITS.fieldsPerDocument }),
      },
      { additionalProperties: false },
    ),
    {
      maxItems: 50,
      description:
        'ordered steps of questions; each step is validated (required answers of asked questions, value types) before the next; fields no step names are asked last',
    },
  );
