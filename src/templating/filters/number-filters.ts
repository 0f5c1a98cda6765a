/** Numeric filters missing from (or incomplete in) @huggingface/jinja: round, abs. */
import { makeNumber, type RuntimeValue } from '../jinja-runtime.js';
import { argumentOf, integerArgument, requireNumber, stringArgument, type FilterCall } from './filter-call.js';

const ROUNDERS: Record<string, (value: number) => number> = {
  // Half away from zero: what "common" rounding means in documents (Python's round() is banker's).
  common: (value) => Math.sign(value) * Math.round(Math.abs(value)),
  ceil: Math.ceil,
  floor: Math.floor,
};

/**
 * Rounds to `precision` decimals (negative: tens, hundreds…) with method common|ceil|floor.
 * Shifting through toPrecision(15) removes binary noise, so 1.005|round(2) gives 1.01.
 */
export function roundNumber(value: number, precision: number, method: string): number {
  const rounder = ROUNDERS[method];
  if (rounder === undefined) throw new Error(`round: method must be common, ceil or floor, got "${method}"`);
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** precision;
  const shifted = Number((value * factor).toPrecision(15));
  return rounder(shifted) / factor;
}

/**
 * `round(precision=0, method='common')`: like Jinja, an integer rounded the common way stays
 * an integer and everything else becomes a float.
 * @throws {Error} for a non-number operand, a non-integer precision or an unknown method
 */
export function roundFilter(call: FilterCall): RuntimeValue {
  const { number, float } = requireNumber(call.operand, 'round');
  const precision = integerArgument(argumentOf(call, 0, 'precision'), 0, 'round precision');
  if (Math.abs(precision) > 15) throw new Error('round: precision must be between -15 and 15');
  const method = stringArgument(argumentOf(call, 1, 'method'), 'common', 'round method');
  const rounded = roundNumber(number, precision, method);
  return makeNumber(rounded, float || method !== 'common');
}

/**
 * `abs`: absolute value, keeping integer/float.
 * @throws {Error} for a non-number operand
 */
export function absFilter(call: FilterCall): RuntimeValue {
  const { number, float } = requireNumber(call.operand, 'abs');
  return makeNumber(Math.abs(number), float);
}
