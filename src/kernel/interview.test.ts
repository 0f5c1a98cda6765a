/** Guided questions: when a field is asked, the steps a person walks, and what stops Next. */
import { describe, expect, it } from 'vitest';
import { type Interview, type InterviewField, askedFields, interviewProblems, interviewSteps, stepProblems } from './interview.js';

const interview: Interview = {
  steps: [
    {
      key: 'processing',
      title: 'The processing',
      questions: [
        { field: 'special', help: 'Article 9 data needs a condition.' },
        { field: 'special_condition', askWhen: { field: 'special', equals: true } },
        { field: 'special_note', askWhen: { field: 'special_condition', oneOf: ['other'] } },
      ],
    },
    { key: 'transfers', title: 'Transfers', questions: [{ field: 'mechanism', askWhen: { not: { field: 'countries', filled: false } } }] },
  ],
};

const field = (key: string, overrides: Partial<InterviewField> = {}): InterviewField => ({
  key,
  valueType: 'string',
  isRequired: true,
  label: null,
  options: null,
  ...overrides,
});

describe('askedFields', () => {
  it('asks a question only while the answer it depends on needs it', () => {
    expect(askedFields(interview, { special: 'false' })('special_condition')).toBe(false);
    expect(askedFields(interview, { special: 'yes' })('special_condition')).toBe(true);
    expect(askedFields(interview, { special: 'true' })('special')).toBe(true);
  });

  it('hides a question behind a hidden one, whatever stale answer the hidden one keeps', () => {
    expect(askedFields(interview, { special: 'true', special_condition: 'other' })('special_note')).toBe(true);
    expect(askedFields(interview, { special: 'false', special_condition: 'other' })('special_note')).toBe(false);
  });

  it('reads filled, not and fields outside any step', () => {
    expect(askedFields(interview, { countries: 'US' })('mechanism')).toBe(true);
    expect(askedFields(interview, { countries: ' ' })('mechanism')).toBe(false);
    expect(askedFields(interview, {})('countries')).toBe(true);
    expect(askedFields(null, {})('anything')).toBe(true);
  });
});

describe('interviewSteps', () => {
  it('keeps the declared steps and asks the fields no step names last', () => {
    const steps = interviewSteps(interview, ['special', 'special_condition', 'special_note', 'mechanism', 'countries']);
    expect(steps.map((s) => s.title)).toEqual(['The processing', 'Transfers', 'Other details']);
    expect(steps[2].questions.map((q) => q.field)).toEqual(['countries']);
  });

  it('is one step of every field without an interview', () => {
    expect(interviewSteps(undefined, ['a', 'b'])).toEqual([{ key: 'details', title: 'Details', questions: [{ field: 'a' }, { field: 'b' }] }]);
  });
});

describe('stepProblems', () => {
  const fields = [field('special', { valueType: 'boolean' }), field('special_condition'), field('special_note', { isRequired: false })];
  it('stops Next on an asked required question left empty, and on a value its type refuses', () => {
    const values = { special: 'maybe', special_condition: '' };
    const asked = askedFields(interview, values);
    expect(stepProblems(interview.steps?.[0] ?? { key: '', title: '', questions: [] }, fields, values, asked)).toEqual({
      special: ['"maybe" is not true or false'],
    });
    const yes = { special: 'true', special_condition: '' };
    expect(Object.keys(stepProblems(interview.steps?.[0] ?? { key: '', title: '', questions: [] }, fields, yes, askedFields(interview, yes)))).toEqual([
      'special_condition',
    ]);
  });
});

describe('interviewProblems', () => {
  it('refuses a field in two steps and a condition that depends on its own answer', () => {
    expect(
      interviewProblems({
        steps: [
          { key: 'a', title: 'A', questions: [{ field: 'x', askWhen: { field: 'y', filled: true } }] },
          { key: 'b', title: 'B', questions: [{ field: 'y', askWhen: { all: [{ field: 'x', filled: true }] } }, { field: 'x' }] },
        ],
      }),
    ).toEqual([
      'interview.steps.b: the field "x" is already asked in step "a"',
      'interview: the question "x" is asked on a condition that depends on its own answer',
      'interview: the question "y" is asked on a condition that depends on its own answer',
    ]);
    expect(interviewProblems(interview)).toEqual([]);
  });
});
