/** Declared rules of guided questions: what stops Next beyond required and type, and which rules cannot be saved. */
import { describe, expect, it } from 'vitest';
import { type Interview, type InterviewField, askedFields, interviewProblems, ruleProblems, stepProblems } from './interview.js';
import { patternProblem } from './interview-rules.js';

const field = (key: string, valueType: string, overrides: Partial<InterviewField> = {}): InterviewField => ({
  key,
  valueType,
  isRequired: false,
  label: null,
  options: null,
  ...overrides,
});

const fields = [
  field('retention_months', 'integer'),
  field('start_date', 'date', { label: 'Start' }),
  field('end_date', 'date'),
  field('vat_number', 'string'),
  field('summary', 'text'),
  field('headcount_min', 'integer'),
  field('headcount_max', 'integer'),
  field('extended', 'boolean'),
  field('review_date', 'date'),
];

const interview: Interview = {
  steps: [
    {
      key: 'facts',
      title: 'Facts',
      questions: [
        { field: 'retention_months', rules: [{ min: 0, message: 'A retention period cannot be negative' }, { max: 1200 }] },
        { field: 'start_date', rules: [{ min: '2018-05-25' }] },
        { field: 'end_date' },
        { field: 'vat_number', rules: [{ pattern: '[A-Z]{2}[0-9A-Z]{2,12}', message: 'Enter a VAT number such as DE123456789' }] },
        { field: 'summary', rules: [{ minLength: 10 }, { maxLength: 40 }] },
        { field: 'headcount_min' },
        { field: 'headcount_max' },
        { field: 'extended' },
        { field: 'review_date', askWhen: { field: 'extended', equals: true }, rules: [{ max: '2030-12-31' }] },
      ],
      rules: [
        { rule: 'notBefore', field: 'end_date', other: 'start_date' },
        { rule: 'atLeast', field: 'headcount_max', other: 'headcount_min', message: 'The most people cannot be fewer than the fewest' },
      ],
    },
  ],
};

const step = interview.steps?.[0] ?? { key: '', title: '', questions: [] };
const problemsOf = (values: Record<string, string>) => stepProblems(step, fields, values, askedFields(interview, values));

describe('declared rules', () => {
  it('lets a step go on when every answer keeps its rules, and while answers are empty', () => {
    expect(problemsOf({})).toEqual({});
    const good = {
      retention_months: '0',
      start_date: '2024-01-01',
      end_date: '2024-01-01',
      vat_number: 'DE123456789',
      summary: 'Reminders by text message',
      headcount_min: '5',
      headcount_max: '5',
    };
    expect(problemsOf(good)).toEqual({});
  });

  it('stops Next with the rule’s own message, or words that say what to enter', () => {
    expect(
      problemsOf({
        retention_months: '-1',
        start_date: '2017-12-31',
        vat_number: 'de 123',
        summary: 'short',
      }),
    ).toEqual({
      retention_months: ['A retention period cannot be negative'],
      start_date: ['Enter a date on or after 2018-05-25'],
      vat_number: ['Enter a VAT number such as DE123456789'],
      summary: ['Write at least 10 characters'],
    });
    expect(problemsOf({ retention_months: '1201', summary: 'x'.repeat(41) })).toEqual({
      retention_months: ['Enter a number of at most 1200'],
      summary: ['Keep it to at most 40 characters'],
    });
  });

  it('compares two answers of a step and shows the problem next to the later one', () => {
    expect(problemsOf({ start_date: '2024-03-01', end_date: '2024-02-29', headcount_min: '10', headcount_max: '9' })).toEqual({
      end_date: ['Enter a date on or after “Start” (2024-03-01)'],
      headcount_max: ['The most people cannot be fewer than the fewest'],
    });
    // A comparison waits for both answers, each of its type.
    expect(problemsOf({ start_date: 'soon', end_date: '2024-02-29' })).toEqual({ start_date: ['"soon" is not a date in the form YYYY-MM-DD'] });
  });

  it('reports the type, not the rule, for an answer of the wrong type', () => {
    expect(problemsOf({ retention_months: 'minus one' })).toEqual({ retention_months: ['"minus one" is not a whole number'] });
  });

  it('applies no rule to a question that is not asked', () => {
    expect(problemsOf({ extended: 'false', review_date: '2040-01-01' })).toEqual({});
    expect(problemsOf({ extended: 'true', review_date: '2040-01-01' })).toEqual({ review_date: ['Enter a date on or before 2030-12-31'] });
  });

  it('gives readiness the same rules over every step, without repeating required or type problems', () => {
    const values = { retention_months: '-3', end_date: '2020-01-01', start_date: '2021-01-01', summary: 'tiny', headcount_min: 'x' };
    expect(ruleProblems(interview, fields, values, askedFields(interview, values))).toEqual({
      retention_months: ['A retention period cannot be negative'],
      summary: ['Write at least 10 characters'],
      end_date: ['Enter a date on or after “Start” (2021-01-01)'],
    });
  });
});

describe('patterns', () => {
  it('match in linear time, so a pattern that backtracks for ever elsewhere answers at once', () => {
    const catastrophic: Interview = {
      steps: [{ key: 's', title: 'S', questions: [{ field: 'vat_number', rules: [{ pattern: '(a+)+$', message: 'Only a' }] }] }],
    };
    const values = { vat_number: `${'a'.repeat(900)}!` };
    expect(ruleProblems(catastrophic, fields, values, askedFields(catastrophic, values))).toEqual({ vat_number: ['Only a'] });
  });

  it('do not match an answer longer than they may read', () => {
    const any: Interview = { steps: [{ key: 's', title: 'S', questions: [{ field: 'summary', rules: [{ pattern: '[a ]+', message: 'Letters a only' }] }] }] };
    const short = { summary: 'a a a' };
    const long = { summary: 'a'.repeat(1001) };
    expect(ruleProblems(any, fields, short, askedFields(any, short))).toEqual({});
    expect(ruleProblems(any, fields, long, askedFields(any, long))).toEqual({ summary: ['Letters a only'] });
  });

  it('are refused when saved without RE2 syntax, too long or too costly', () => {
    expect(patternProblem('(a)\\1')).toMatch(/not valid: invalid escape sequence/);
    expect(patternProblem('(?<=a)b')).toMatch(/not valid/);
    expect(patternProblem('a'.repeat(201))).toBe('a pattern has at most 200 characters');
    expect(patternProblem('[\\s\\S]{0,500}')).toMatch(/too complex/);
    expect(patternProblem('[A-Z]{2}\\d{2}[A-Z0-9]{11,30}')).toBeNull();
  });
});

describe('interviewProblems of rules', () => {
  it('refuses bounds the wrong way round, a bad pattern, and a step rule that is not about a question of its step', () => {
    expect(
      interviewProblems({
        steps: [
          {
            key: 'a',
            title: 'A',
            questions: [
              { field: 'n', rules: [{ min: 10 }, { max: 1 }, { minLength: 5 }, { maxLength: 2 }, { pattern: '(x)\\1', message: 'm' }] },
              { field: 'd' },
            ],
            rules: [
              { rule: 'notBefore', field: 'elsewhere', other: 'd' },
              { rule: 'notBefore', field: 'd', other: 'd' },
            ],
          },
        ],
      }),
    ).toEqual([
      'interview.steps.a, question "n": min 10 is above max 1',
      'interview.steps.a, question "n": minLength 5 is above maxLength 2',
      'interview.steps.a, question "n": the pattern is not valid: invalid escape sequence: `\\1`',
      'interview.steps.a: the rule notBefore is shown next to "elsewhere", which is not a question of this step',
      'interview.steps.a: the rule notBefore compares "d" with itself',
    ]);
  });
});
