/** List filters missing from (or incomplete in) @huggingface/jinja: first, last, map, select, reject. */
import { entriesOf, itemsOf, kindOf, makeArray, makeString, makeUndefined, stringOf, type RuntimeValue } from '../jinja-runtime.js';
import { listOperand } from './aggregate-filters.js';
import { attributeOf } from './attribute-path.js';
import { isAbsent, stringArgument, type FilterCall, type FilterFunction } from './filter-call.js';
import { itemTestOf } from './item-tests.js';

function endItem(call: FilterCall, where: string, fromEnd: boolean): RuntimeValue {
  const { operand } = call;
  if (isAbsent(operand)) return makeUndefined();
  const text = stringOf(operand);
  const entries = entriesOf(operand);
  const items =
    itemsOf(operand) ??
    (text === undefined ? undefined : Array.from(text, makeString)) ??
    (entries === undefined ? undefined : [...entries.keys()].map(makeString));
  if (items === undefined) throw new Error(`${where}: expected a list or text, got ${kindOf(operand)}`);
  // An empty list gives undefined (renders nothing) rather than the library's crash.
  return (fromEnd ? items.at(-1) : items.at(0)) ?? makeUndefined();
}

/**
 * `first`: the first item of a list, character of a text or key of a mapping.
 * @throws {Error} for numbers, booleans and functions
 */
export const firstFilter = (call: FilterCall): RuntimeValue => endItem(call, 'first', false);

/**
 * `last`: the last item of a list, character of a text or key of a mapping.
 * @throws {Error} for numbers, booleans and functions
 */
export const lastFilter = (call: FilterCall): RuntimeValue => endItem(call, 'last', true);

/**
 * Builds `map(filter_name, args…)` / `map(attribute='x', default=…)`. Only filters that
 * `lookup` returns (an allow-list) can be applied; the name is never used as a property.
 */
export function createMapFilter(lookup: (name: string) => FilterFunction | undefined): FilterFunction {
  return (call) => {
    const items = listOperand(call.operand, 'map');
    const attribute = call.keyword.get('attribute');
    if (!isAbsent(attribute)) {
      const path = stringArgument(attribute, '', 'map attribute');
      const fallback = call.keyword.get('default');
      return makeArray(
        items.map((item) => {
          const value = attributeOf(item, path);
          return value.type === 'UndefinedValue' && fallback !== undefined ? fallback : value;
        }),
      );
    }
    const [nameValue, ...rest] = call.positional;
    if (nameValue === undefined) throw new Error('map: give a filter name or attribute=');
    const name = stringArgument(nameValue, '', 'map filter name');
    const filter = lookup(name);
    if (filter === undefined) throw new Error(`map: filter "${name}" is not available`);
    return makeArray(items.map((item) => filter({ operand: item, positional: rest, keyword: call.keyword })));
  };
}

function selectWhere(call: FilterCall, where: string, keep: boolean): RuntimeValue {
  const items = listOperand(call.operand, where);
  const [nameValue, ...args] = call.positional;
  const test = itemTestOf(nameValue === undefined ? undefined : stringArgument(nameValue, '', `${where} test`));
  return makeArray(items.filter((item) => test(item, args) === keep));
}

/**
 * `select(test=None, args…)`: the items passing an allow-listed test (truthy ones without a test).
 * @throws {Error} for an unknown test or a non-list operand
 */
export const selectFilter = (call: FilterCall): RuntimeValue => selectWhere(call, 'select', true);

/**
 * `reject(test=None, args…)`: the items failing an allow-listed test (falsy ones without a test).
 * @throws {Error} for an unknown test or a non-list operand
 */
export const rejectFilter = (call: FilterCall): RuntimeValue => selectWhere(call, 'reject', false);
