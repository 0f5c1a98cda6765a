/**
 * What a sandbox filter receives, and the argument/coercion helpers filters share.
 * Filters are pure functions of runtime values: they never see the host, only data.
 */
import {
  booleanOf,
  containsFunction,
  isFloatValue,
  isFunctionValue,
  isKeywordArguments,
  isNoneValue,
  isUndefinedValue,
  kindOf,
  entriesOf,
  numberOf,
  stringOf,
  type RuntimeValue,
} from '../jinja-runtime.js';

/** One filter application: `operand|name(positional…, keyword=…)`. */
export interface FilterCall {
  operand: RuntimeValue;
  positional: RuntimeValue[];
  keyword: ReadonlyMap<string, RuntimeValue>;
  /** The document's locale (the context's `locale`, a BCP-47 tag): the default of locale-aware filters. */
  locale?: string;
}

/** A sandbox filter. */
export type FilterFunction = (call: FilterCall) => RuntimeValue;

/** Splits interpreter call arguments into positional ones and the trailing keyword bag. */
export function splitArguments(args: RuntimeValue[]): { positional: RuntimeValue[]; keyword: Map<string, RuntimeValue> } {
  const last = args.at(-1);
  if (last !== undefined && isKeywordArguments(last)) {
    return { positional: args.slice(0, -1), keyword: new Map(entriesOf(last)) };
  }
  return { positional: args, keyword: new Map() };
}

/** Argument by position, else by keyword name (Python-style), else undefined. */
export function argumentOf(call: FilterCall, index: number, name: string): RuntimeValue | undefined {
  return call.positional[index] ?? call.keyword.get(name);
}

/** True when the argument is absent or `none`. */
export const isAbsent = (value: RuntimeValue | undefined): value is undefined => value === undefined || isNoneValue(value) || isUndefinedValue(value);

/**
 * A number argument (or operand); numeric strings are accepted because form data often is text.
 * @throws {Error} when the value is not numeric
 */
export function requireNumber(value: RuntimeValue, where: string): { number: number; float: boolean } {
  const number = numberOf(value);
  if (number !== undefined) return { number, float: isFloatValue(value) };
  const bool = booleanOf(value);
  if (bool !== undefined) return { number: bool ? 1 : 0, float: false };
  const text = stringOf(value)?.trim();
  if (text !== undefined && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
    const parsed = Number(text);
    return { number: parsed, float: !Number.isInteger(parsed) || /[.e]/i.test(text) };
  }
  throw new Error(`${where}: expected a number, got ${kindOf(value)}`);
}

/**
 * An integer argument, or `fallback` when absent.
 * @throws {Error} when present but not an integer
 */
export function integerArgument(value: RuntimeValue | undefined, fallback: number, where: string): number {
  if (isAbsent(value)) return fallback;
  const { number } = requireNumber(value, where);
  if (!Number.isInteger(number)) throw new Error(`${where}: expected an integer`);
  return number;
}

/**
 * A string argument, or `fallback` when absent.
 * @throws {Error} when present but not a string
 */
export function stringArgument(value: RuntimeValue | undefined, fallback: string, where: string): string {
  if (isAbsent(value)) return fallback;
  const text = stringOf(value);
  if (text === undefined) throw new Error(`${where}: expected a string, got ${kindOf(value)}`);
  return text;
}

/** A boolean argument (Jinja truthiness of booleans only), or `fallback` when absent. */
export function booleanArgument(value: RuntimeValue | undefined, fallback: boolean): boolean {
  if (isAbsent(value)) return fallback;
  return booleanOf(value) ?? fallback;
}

/**
 * The text a value renders as, as `{{ value }}` would print it (none/undefined: empty).
 * @throws {Error} for functions (their text would be host source code)
 */
export function textOf(value: RuntimeValue, where: string): string {
  if (isNoneValue(value) || isUndefinedValue(value)) return '';
  if (isFunctionValue(value) || containsFunction(value)) throw new Error(`${where}: cannot use a function as text`);
  return value.toString();
}
