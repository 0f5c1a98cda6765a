/** Aggregating filters missing from @huggingface/jinja: sum, min, max. */
import { isFloatValue, isUndefinedValue, itemsOf, kindOf, makeNumber, makeUndefined, numberOf, stringOf, type RuntimeValue } from '../jinja-runtime.js';
import { attributeOf } from './attribute-path.js';
import { argumentOf, booleanArgument, isAbsent, stringArgument, type FilterCall } from './filter-call.js';

/**
 * The list a filter works on; none/undefined count as empty so a missing list sums to 0.
 * @throws {Error} when the operand is something else
 */
export function listOperand(operand: RuntimeValue, where: string): RuntimeValue[] {
  if (isAbsent(operand)) return [];
  const items = itemsOf(operand);
  if (items === undefined) throw new Error(`${where}: expected a list, got ${kindOf(operand)}`);
  return items;
}

function pick(items: RuntimeValue[], call: FilterCall, index: number, where: string): RuntimeValue[] {
  const attribute = argumentOf(call, index, 'attribute');
  if (isAbsent(attribute)) return items;
  const path = stringArgument(attribute, '', `${where} attribute`);
  return items.map((item) => attributeOf(item, path));
}

/**
 * `sum(attribute=None, start=0)`: integer when every term is an integer.
 * @throws {Error} when a term is not a number
 */
export function sumFilter(call: FilterCall): RuntimeValue {
  const items = pick(listOperand(call.operand, 'sum'), call, 0, 'sum');
  const start = argumentOf(call, 1, 'start');
  let float = start !== undefined && isFloatValue(start);
  let total = start === undefined ? 0 : (numberOf(start) ?? Number.NaN);
  if (Number.isNaN(total) && start !== undefined) throw new Error('sum: start must be a number');
  for (const item of items) {
    const value = numberOf(item);
    if (value === undefined) throw new Error(`sum: cannot add ${kindOf(item)}`);
    float ||= isFloatValue(item);
    total += value;
  }
  return makeNumber(total, float);
}

function extreme(call: FilterCall, where: string, wantGreater: boolean): RuntimeValue {
  const items = listOperand(call.operand, where);
  const keys = pick(items, call, 1, where);
  const caseSensitive = booleanArgument(argumentOf(call, 0, 'case_sensitive'), false);
  const comparable = (value: RuntimeValue): number | string => {
    const number = numberOf(value);
    if (number !== undefined) return number;
    const text = stringOf(value);
    if (text !== undefined) return caseSensitive ? text : text.toLowerCase();
    throw new Error(`${where}: cannot compare ${kindOf(value)}`);
  };
  let best: { item: RuntimeValue; key: number | string } | undefined;
  for (const [index, item] of items.entries()) {
    const key = comparable(keys[index] ?? makeUndefined());
    if (best !== undefined && typeof best.key !== typeof key) throw new Error(`${where}: cannot compare numbers with text`);
    if (best === undefined || (wantGreater ? key > best.key : key < best.key)) best = { item, key };
  }
  // Jinja gives an undefined value for an empty list: it renders nothing.
  return best === undefined || isUndefinedValue(best.item) ? makeUndefined() : best.item;
}

/**
 * `min(case_sensitive=False, attribute=None)`: the smallest item (undefined for an empty list).
 * @throws {Error} when items are neither all numbers nor all strings
 */
export const minFilter = (call: FilterCall): RuntimeValue => extreme(call, 'min', false);

/**
 * `max(case_sensitive=False, attribute=None)`: the largest item (undefined for an empty list).
 * @throws {Error} when items are neither all numbers nor all strings
 */
export const maxFilter = (call: FilterCall): RuntimeValue => extreme(call, 'max', true);
