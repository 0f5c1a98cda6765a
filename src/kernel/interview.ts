/**
 * Guided questions (issue 33, item 3; docs/adr/0601): a template's `interview` config group puts
 * its fields into steps and says when a field is asked at all. This file is the one evaluator of
 * those conditions: readiness (a field not asked is not a gap), the API and the console's interview
 * (questions that appear and disappear as answers change) all import it, so they cannot disagree.
 *
 * Pure and import-free but for the type check beside it: the console bundles this file as it is.
 */
import { fieldValueProblem } from './field-value-check.js';
import { type QuestionRule, type StepRule, patternProblem, questionRuleProblem, stepRuleProblem } from './interview-rules.js';

export type { QuestionRule, StepRule } from './interview-rules.js';

type Scalar = string | number | boolean;

/** One test of one answer: equal to a value, one of several values, or filled in (or left empty). */
export type AskWhenTest = { field: string; equals: Scalar } | { field: string; oneOf: Scalar[] } | { field: string; filled: boolean };

/**
 * When a field is asked: one test, or all / any of several, or the negation of one. One level of
 * nesting only, by construction: a condition stays readable and is evaluated in bounded time on
 * the main thread and in the browser (why not JsonLogic: docs/adr/0601).
 */
export type AskWhen = AskWhenTest | { all: AskWhenTest[] } | { any: AskWhenTest[] } | { not: AskWhenTest };

export interface InterviewQuestion {
  field: string;
  askWhen?: AskWhen | null;
  /** "Why do we ask?": shown behind a disclosure. */
  help?: string | null;
  /** Sample answers, shown under the question. */
  examples?: string[] | null;
  /** Declared checks of the answer beyond required and type (docs/adr/0691). */
  rules?: QuestionRule[] | null;
}

export interface InterviewStep {
  key: string;
  title: string;
  /** A paragraph shown above the step's questions. */
  intro?: string | null;
  questions: InterviewQuestion[];
  /** Comparisons of two answers, each shown next to its `field`, a question of this step. */
  rules?: StepRule[] | null;
}

export interface Interview {
  steps?: InterviewStep[] | null;
}

/** What the evaluator needs of a field: its key, and for validation its type and whether it is required. */
export interface InterviewField {
  key: string;
  valueType: string;
  isRequired: boolean;
  label: string | null;
  options: string[] | null;
}

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** Values are strings (the contract's rule): `true`, `"yes"` and `"1"` are the same answer to a yes/no question. */
function canonical(value: Scalar): string {
  const text = String(value).trim();
  const lower = text.toLowerCase();
  if (TRUE_WORDS.has(lower)) return 'true';
  if (FALSE_WORDS.has(lower)) return 'false';
  return text;
}

function testHolds(test: AskWhenTest, valueOf: (key: string) => string): boolean {
  const value = valueOf(test.field);
  if ('equals' in test) return canonical(value) === canonical(test.equals);
  if ('oneOf' in test) return test.oneOf.some((option) => canonical(option) === canonical(value));
  return (value.trim() !== '') === test.filled;
}

/** Whether `condition` holds when each field reads `valueOf(key)`; no condition holds. */
export function conditionHolds(condition: AskWhen | null | undefined, valueOf: (key: string) => string): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((test) => testHolds(test, valueOf));
  if ('any' in condition) return condition.any.some((test) => testHolds(test, valueOf));
  if ('not' in condition) return !testHolds(condition.not, valueOf);
  return testHolds(condition, valueOf);
}

/** The fields a condition reads. */
export function conditionReads(condition: AskWhen | null | undefined): string[] {
  if (!condition) return [];
  if ('all' in condition) return condition.all.map((t) => t.field);
  if ('any' in condition) return condition.any.map((t) => t.field);
  if ('not' in condition) return [condition.not.field];
  return [condition.field];
}

/** Each field's question; the first, should a field be asked twice (refused when saved). */
function questionsByField(interview: Interview | null | undefined): Map<string, InterviewQuestion> {
  const byField = new Map<string, InterviewQuestion>();
  for (const question of (interview?.steps ?? []).flatMap((step) => step.questions)) if (!byField.has(question.field)) byField.set(question.field, question);
  return byField;
}

/**
 * Which fields are asked with these answers. A field whose question reads a field that is not
 * asked sees that field as empty (a stale answer to a hidden question decides nothing), and a
 * field in a cycle of conditions (refused when saved, see `interviewProblems`) is not asked.
 */
export function askedFields(interview: Interview | null | undefined, values: Readonly<Record<string, string>>): (key: string) => boolean {
  const questions = questionsByField(interview);
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();
  const asked = (key: string): boolean => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key)) return false;
    visiting.add(key);
    const result = conditionHolds(questions.get(key)?.askWhen, (other) => (asked(other) ? (values[other] ?? '') : ''));
    visiting.delete(key);
    memo.set(key, result);
    return result;
  };
  return asked;
}

/**
 * The steps a person is taken through: the declared steps, then one "Other details" step with the
 * fields no step names (so nothing is lost); without steps, one step with every field.
 */
export function interviewSteps(interview: Interview | null | undefined, fieldKeys: readonly string[]): InterviewStep[] {
  const known = new Set(fieldKeys);
  const declared = (interview?.steps ?? []).map((step) => ({ ...step, questions: step.questions.filter((q) => known.has(q.field)) }));
  const placed = new Set(declared.flatMap((step) => step.questions.map((q) => q.field)));
  const rest = fieldKeys.filter((key) => !placed.has(key)).map((field) => ({ field }));
  if (declared.length === 0) return [{ key: 'details', title: 'Details', questions: rest }];
  return rest.length > 0 ? [...declared, { key: 'other', title: 'Other details', questions: rest }] : declared;
}

/**
 * A step's validation before Next: each asked question's required answer, its type, then the
 * rules the template declares (the question's own, and the step's comparisons of two answers), by
 * the rules readiness applies. Field key → its problems; empty when the step may be left.
 */
export function stepProblems(
  step: InterviewStep,
  fields: readonly InterviewField[],
  values: Readonly<Record<string, string>>,
  asked: (key: string) => boolean,
): Record<string, string[]> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const problems: Record<string, string[]> = {};
  const add = (key: string, problem: string) => (problems[key] ??= []).push(problem);
  for (const question of step.questions) {
    const field = byKey.get(question.field);
    if (!field || !asked(field.key)) continue;
    const value = values[field.key] ?? '';
    const problem = field.isRequired && value.trim() === '' ? 'An answer is needed to go on' : fieldValueProblem(field.valueType, value, field.options);
    if (problem) add(field.key, problem);
    else for (const ruleProblem of questionRuleProblems(question, field, value)) add(field.key, ruleProblem);
  }
  for (const rule of step.rules ?? []) {
    const problem = stepRuleCheck(rule, byKey, values, asked);
    if (problem && !problems[rule.field]) add(rule.field, problem);
  }
  return problems;
}

/**
 * The declared rules an interview's answers break, over every step (what readiness reports):
 * field key → the rules' messages. Required answers and types are not repeated here.
 */
export function ruleProblems(
  interview: Interview | null | undefined,
  fields: readonly InterviewField[],
  values: Readonly<Record<string, string>>,
  asked: (key: string) => boolean,
): Record<string, string[]> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const problems: Record<string, string[]> = {};
  const add = (key: string, problem: string) => (problems[key] ??= []).push(problem);
  for (const step of interview?.steps ?? []) {
    for (const question of step.questions) {
      const field = byKey.get(question.field);
      if (!field || !asked(field.key)) continue;
      const value = values[field.key] ?? '';
      if (fieldValueProblem(field.valueType, value, field.options) !== null) continue;
      for (const problem of questionRuleProblems(question, field, value)) add(field.key, problem);
    }
    for (const rule of step.rules ?? []) {
      const problem = stepRuleCheck(rule, byKey, values, asked);
      if (problem && !problems[rule.field]) add(rule.field, problem);
    }
  }
  return problems;
}

/** A question's rules that its answer breaks; none while it is empty (required is checked apart). */
function questionRuleProblems(question: InterviewQuestion, field: InterviewField, value: string): string[] {
  if (value.trim() === '') return [];
  return (question.rules ?? []).map((rule) => questionRuleProblem(rule, field, value)).filter((p): p is string => p !== null);
}

/** A step rule's problem, when both answers are asked, filled in and of their types. */
function stepRuleCheck(
  rule: StepRule,
  byKey: ReadonlyMap<string, InterviewField>,
  values: Readonly<Record<string, string>>,
  asked: (key: string) => boolean,
): string | null {
  const field = byKey.get(rule.field);
  const other = byKey.get(rule.other);
  if (!field || !other || !asked(field.key) || !asked(other.key)) return null;
  const value = values[field.key] ?? '';
  const otherValue = values[other.key] ?? '';
  if (fieldValueProblem(field.valueType, value, field.options) || fieldValueProblem(other.valueType, otherValue, other.options)) return null;
  return stepRuleProblem(rule, field, other, value, otherValue);
}

/**
 * What is wrong with an interview as declared: a field in two steps, a step key used twice, a
 * question whose condition reads itself or forms a cycle. Empty when it can be saved.
 */
export function interviewProblems(interview: Interview): string[] {
  const problems: string[] = [];
  const stepKeys = new Set<string>();
  const fieldStep = new Map<string, string>();
  for (const step of interview.steps ?? []) {
    if (stepKeys.has(step.key)) problems.push(`interview.steps: the step key "${step.key}" is used twice`);
    stepKeys.add(step.key);
    for (const question of step.questions) {
      const earlier = fieldStep.get(question.field);
      if (earlier !== undefined) problems.push(`interview.steps.${step.key}: the field "${question.field}" is already asked in step "${earlier}"`);
      fieldStep.set(question.field, step.key);
      problems.push(...questionRuleDeclarationProblems(step.key, question));
    }
    const asks = new Set(step.questions.map((q) => q.field));
    for (const rule of step.rules ?? []) {
      if (!asks.has(rule.field))
        problems.push(`interview.steps.${step.key}: the rule ${rule.rule} is shown next to "${rule.field}", which is not a question of this step`);
      if (rule.field === rule.other) problems.push(`interview.steps.${step.key}: the rule ${rule.rule} compares "${rule.field}" with itself`);
    }
  }
  const readsOf = new Map([...questionsByField(interview)].map(([field, q]) => [field, conditionReads(q.askWhen)]));
  for (const field of readsOf.keys()) {
    if (reaches(field, field, readsOf, new Set())) problems.push(`interview: the question "${field}" is asked on a condition that depends on its own answer`);
  }
  return problems;
}

function reaches(from: string, target: string, readsOf: Map<string, string[]>, seen: Set<string>): boolean {
  for (const next of readsOf.get(from) ?? []) {
    if (next === target) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    if (reaches(next, target, readsOf, seen)) return true;
  }
  return false;
}

/** A question's rules that contradict each other or cannot run: min above max, a pattern RE2 refuses. */
function questionRuleDeclarationProblems(stepKey: string, question: InterviewQuestion): string[] {
  const where = `interview.steps.${stepKey}, question "${question.field}"`;
  const problems: string[] = [];
  const rules = question.rules ?? [];
  const first = <K extends string>(key: K) => rules.find((r): r is Extract<QuestionRule, Record<K, unknown>> => key in r);
  const min = first('min')?.min;
  const max = first('max')?.max;
  if (min !== undefined && max !== undefined && typeof min === typeof max && min > max) problems.push(`${where}: min ${min} is above max ${max}`);
  const minLength = first('minLength')?.minLength;
  const maxLength = first('maxLength')?.maxLength;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength)
    problems.push(`${where}: minLength ${minLength} is above maxLength ${maxLength}`);
  for (const rule of rules) {
    const problem = 'pattern' in rule ? patternProblem(rule.pattern) : null;
    if (problem) problems.push(`${where}: ${problem}`);
  }
  return problems;
}
