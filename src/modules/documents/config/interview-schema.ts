/**
 * The `interview` config group's shape (issue 33, item 3; docs/adr/0601): steps of questions over
 * the template's fields, each question asked always or on a condition, with help and examples.
 * The evaluator of the conditions is src/kernel/interview.ts, shared with the console. Declared
 * rules (bounds, lengths, patterns, comparisons of two answers): docs/adr/0691.
 */
import { Type } from 'typebox';
import { LIMITS } from '../../../kernel/limits.js';
import { StringEnum } from '../../../kernel/schema.js';
import { PATTERN_LIMITS } from '../../../kernel/interview-rules.js';

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

const Message = (description: string) => Type.String({ minLength: 1, maxLength: 300, description });
const OptionalMessage = Type.Optional(Type.Union([Type.Null(), Message('shown next to the field instead of the default words')]));
const Bound = Type.Union([Type.Number(), Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date, YYYY-MM-DD (for a date field)' })]);
const Length = Type.Integer({ minimum: 0, maximum: LIMITS.fieldValueChars });

const QuestionRule = Type.Union(
  [
    Type.Object(
      { min: Bound, message: OptionalMessage },
      { additionalProperties: false, description: 'the answer is at least this number, or on or after this date' },
    ),
    Type.Object(
      { max: Bound, message: OptionalMessage },
      { additionalProperties: false, description: 'the answer is at most this number, or on or before this date' },
    ),
    Type.Object({ minLength: Length, message: OptionalMessage }, { additionalProperties: false, description: 'the answer has at least this many characters' }),
    Type.Object({ maxLength: Length, message: OptionalMessage }, { additionalProperties: false, description: 'the answer has at most this many characters' }),
    Type.Object(
      {
        pattern: Type.String({
          minLength: 1,
          maxLength: PATTERN_LIMITS.sourceChars,
          description: `an RE2 regular expression the whole answer matches (no backreferences or lookaround; program size at most ${PATTERN_LIMITS.programSize}; an answer over ${PATTERN_LIMITS.answerChars} characters does not match)`,
        }),
        message: Message('what a person is told when the answer does not match, e.g. "Enter a VAT number such as DE123456789"'),
      },
      { additionalProperties: false, description: 'the answer matches a pattern' },
    ),
  ],
  {
    description:
      'a check of the answer, applied once it is filled in and of its type: bounds for number, integer and date fields; lengths and patterns for string, text, email and url fields',
  },
);

const StepRule = Type.Object(
  {
    rule: StringEnum(['notBefore', 'atLeast'] as const, {
      description: 'notBefore: the date in field is on or after the date in other; atLeast: the number in field is at least the number in other',
    }),
    field: FieldKey,
    other: FieldKey,
    message: OptionalMessage,
  },
  {
    additionalProperties: false,
    description: 'a comparison of two answers, shown next to field (a question of this step); holds while either is empty or not asked',
  },
);

const InterviewQuestion = Type.Object(
  {
    field: FieldKey,
    askWhen: Type.Optional(Type.Union([Type.Null(), AskWhen])),
    help: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2000, description: 'why the question is asked ("Why do we ask?")' })])),
    examples: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10, description: 'sample answers' })])),
    rules: Type.Optional(Type.Union([Type.Null(), Type.Array(QuestionRule, { maxItems: 10, description: 'checks of the answer beyond required and type' })])),
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
        rules: Type.Optional(Type.Union([Type.Null(), Type.Array(StepRule, { maxItems: 20, description: 'comparisons of two answers' })])),
      },
      { additionalProperties: false },
    ),
    {
      maxItems: 50,
      description:
        'ordered steps of questions; each step is validated (required answers of asked questions, value types, declared rules) before the next; fields no step names are asked last',
    },
  );
