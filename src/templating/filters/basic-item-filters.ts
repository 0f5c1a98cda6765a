/**
 * Simple filters that `map('name')` may apply to each item. Templates applying them
 * directly (`x|upper`) keep using the library's own versions; these exist because
 * `map` must call an implementation we control, never a method looked up by name.
 */
import { entriesOf, itemsOf, kindOf, makeFloat, makeInteger, makeString, numberOf, stringOf, type RuntimeValue } from '../jinja-runtime.js';
import { textOf, type FilterCall, type FilterFunction } from './filter-call.js';

const toNumber = (call: FilterCall): number => {
  const number = numberOf(call.operand);
  if (number !== undefined) return number;
  const parsed = Number.parseFloat(stringOf(call.operand) ?? '');
  // Like the library's int/float filters: text that is not a number becomes 0.
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** Item filters by name. */
export const BASIC_ITEM_FILTERS: ReadonlyMap<string, FilterFunction> = new Map<string, FilterFunction>([
  ['upper', (call) => makeString(textOf(call.operand, 'upper').toUpperCase())],
  ['lower', (call) => makeString(textOf(call.operand, 'lower').toLowerCase())],
  ['title', (call) => makeString(textOf(call.operand, 'title').replace(/\b\w/g, (c) => c.toUpperCase()))],
  ['trim', (call) => makeString(textOf(call.operand, 'trim').trim())],
  ['string', (call) => makeString(textOf(call.operand, 'string'))],
  ['int', (call) => makeInteger(Math.trunc(toNumber(call)))],
  ['float', (call) => makeFloat(toNumber(call))],
  [
    'length',
    (call): RuntimeValue => {
      const size = stringOf(call.operand)?.length ?? itemsOf(call.operand)?.length ?? entriesOf(call.operand)?.size;
      if (size === undefined) throw new Error(`length: ${kindOf(call.operand)} has no length`);
      return makeInteger(size);
    },
  ],
]);
