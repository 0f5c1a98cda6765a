/**
 * Declared validation of guided questions (issue 33, item 3; docs/adr/0691): per question a bound
 * (`min`/`max` of a number or a date), a length (`minLength`/`maxLength`) or a `pattern` with a
 * person's message, and per step a comparison of two answers (`notBefore`, `atLeast`). Pure, so
 * the console's interview and readiness apply the very same rules (bundled through
 * `@quire/interview` with interview.ts).
 *
 * Patterns are tenant-authored: they run on RE2's linear-time engine (re2js, pure JavaScript, the
 * same in Node and the browser), bounded in source length, in program size, and in the length of
 * the answer they read, so a pattern never stalls the process (docs/adr/0692).
 */
import { RE2JS } from 're2js';

/** One rule of one question; `message` replaces the default words shown next to the field. */
export type QuestionRule =
  | { min: number | string; message?: string | null }
  | { max: number | string; message?: string | null }
  | { minLength: number; message?: string | null }
  | { maxLength: number; message?: string | null }
  | { pattern: string; message: string };

/** A step's comparison of two answers; the message is shown next to `field`. */
export interface StepRule {
  rule: 'notBefore' | 'atLeast';
  field: string;
  other: string;
  message?: string | null;
}

/** What a rule needs of a field. */
export interface RuleField {
  key: string;
  valueType: string;
  label: string | null;
}

/** Limits that keep a tenant's pattern cheap whatever it says (docs/adr/0692). */
export const PATTERN_LIMITS = {
  /** Characters of a pattern's source. */
  sourceChars: 200,
  /** RE2's program size ("a very approximate measure of a regexp's cost"): `[A-Z]{2}\d{2}[A-Z0-9]{11,30}` is 55. */
  programSize: 200,
  /** Characters of an answer a pattern reads; a longer answer does not match. */
  answerChars: 1000,
} as const;

/** Field types a bound applies to, and those a length or a pattern applies to. */
export const NUMBER_TYPES: ReadonlySet<string> = new Set(['number', 'integer']);
export const TEXT_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'email', 'url']);

const compiled = new Map<string, RE2JS | null>();

/** The compiled pattern, or null when it is not a valid RE2 pattern within the limits (cached: patterns are few). */
function compiledPattern(source: string): RE2JS | null {
  const known = compiled.get(source);
  if (known !== undefined) return known;
  let pattern: RE2JS | null = null;
  if (patternProblem(source) === null) pattern = RE2JS.compile(source);
  if (compiled.size >= 500) compiled.clear();
  compiled.set(source, pattern);
  return pattern;
}

/** Why a pattern cannot be used (not RE2 syntax, too long, too costly), or null. */
export function patternProblem(source: string): string | null {
  if (source.length > PATTERN_LIMITS.sourceChars) return `a pattern has at most ${PATTERN_LIMITS.sourceChars} characters`;
  try {
    const size = RE2JS.compile(source).programSize();
    return size > PATTERN_LIMITS.programSize
      ? `the pattern is too complex (size ${size}, at most ${PATTERN_LIMITS.programSize}); use smaller repeat counts`
      : null;
  } catch (error) {
    // RE2 has no backreferences or lookaround: the engine that keeps matching linear refuses them.
    return `the pattern is not valid: ${(error as Error).message.replace(/^error parsing regexp: /, '')}`;
  }
}

/** Numbers compare as numbers, dates (YYYY-MM-DD) as strings, which sort as the dates do. */
function compare(valueType: string, value: string, bound: number | string): number | null {
  if (NUMBER_TYPES.has(valueType) && typeof bound === 'number') return Number(value) - bound;
  if (valueType === 'date' && typeof bound === 'string') return value < bound ? -1 : value > bound ? 1 : 0;
  return null;
}

const characters = (value: string) => [...value].length;

/**
 * Why `value` (filled in and of the field's type: emptiness and the type are checked first) breaks
 * `rule`, or null. A rule that does not apply to the field's type (refused when saved) holds.
 */
export function questionRuleProblem(rule: QuestionRule, field: RuleField, raw: string): string | null {
  const value = raw.trim();
  const date = field.valueType === 'date';
  if ('min' in rule) {
    const c = compare(field.valueType, value, rule.min);
    return c !== null && c < 0 ? (rule.message ?? (date ? `Enter a date on or after ${rule.min}` : `Enter a number of at least ${rule.min}`)) : null;
  }
  if ('max' in rule) {
    const c = compare(field.valueType, value, rule.max);
    return c !== null && c > 0 ? (rule.message ?? (date ? `Enter a date on or before ${rule.max}` : `Enter a number of at most ${rule.max}`)) : null;
  }
  if (!TEXT_TYPES.has(field.valueType)) return null;
  if ('minLength' in rule) return characters(value) < rule.minLength ? (rule.message ?? `Write at least ${rule.minLength} characters`) : null;
  if ('maxLength' in rule) return characters(value) > rule.maxLength ? (rule.message ?? `Keep it to at most ${rule.maxLength} characters`) : null;
  const pattern = compiledPattern(rule.pattern);
  if (pattern === null) return null;
  return value.length > PATTERN_LIMITS.answerChars || !pattern.matches(value) ? rule.message : null;
}

/**
 * Why the answer to `rule.field` breaks the step's comparison with `rule.other`, or null. Holds
 * while either answer is missing or not of its type (those are the required and type checks' business).
 */
export function stepRuleProblem(rule: StepRule, field: RuleField, other: RuleField, value: string, otherValue: string): string | null {
  const a = value.trim();
  const b = otherValue.trim();
  if (a === '' || b === '') return null;
  const name = other.label ?? other.key;
  if (rule.rule === 'notBefore') {
    if (field.valueType !== 'date' || other.valueType !== 'date') return null;
    return a < b ? (rule.message ?? `Enter a date on or after “${name}” (${b})`) : null;
  }
  if (!NUMBER_TYPES.has(field.valueType) || !NUMBER_TYPES.has(other.valueType)) return null;
  return Number(a) < Number(b) ? (rule.message ?? `Enter a number of at least “${name}” (${b})`) : null;
}
