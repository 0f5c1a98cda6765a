/**
 * The tests `select`/`reject` may apply, as an allow-list: an unknown name is an error,
 * never a lookup on a host object.
 */
import {
  booleanOf,
  entriesOf,
  isFloatValue,
  isIntegerValue,
  isNoneValue,
  isTruthy,
  isUndefinedValue,
  itemsOf,
  numberOf,
  stringOf,
  type RuntimeValue,
} from '../jinja-runtime.js';

type ItemTest = (value: RuntimeValue, args: RuntimeValue[]) => boolean;

const plain = (value: RuntimeValue | undefined): unknown => (value === undefined ? undefined : value.value);

function compare(value: RuntimeValue, other: RuntimeValue | undefined): number | undefined {
  const a = numberOf(value) ?? stringOf(value);
  const b = other === undefined ? undefined : (numberOf(other) ?? stringOf(other));
  if (a === undefined || b === undefined || typeof a !== typeof b) return undefined;
  return a < b ? -1 : a > b ? 1 : 0;
}

const ordered =
  (accept: (order: number) => boolean): ItemTest =>
  (value, [other]) => {
    const order = compare(value, other);
    return order !== undefined && accept(order);
  };

const integerParity =
  (remainder: number): ItemTest =>
  (value) => {
    const number = numberOf(value);
    // Only whole numbers are odd or even; text, none and 1.5 are neither.
    return number !== undefined && Number.isInteger(number) && Math.abs(number % 2) === remainder;
  };

const equal: ItemTest = (value, [other]) => plain(value) === plain(other);

const ITEM_TESTS: ReadonlyMap<string, ItemTest> = new Map<string, ItemTest>([
  ['defined', (value) => !isUndefinedValue(value)],
  ['undefined', isUndefinedValue],
  ['none', isNoneValue],
  ['number', (value) => numberOf(value) !== undefined],
  ['integer', isIntegerValue],
  ['float', isFloatValue],
  ['string', (value) => stringOf(value) !== undefined],
  ['boolean', (value) => booleanOf(value) !== undefined],
  ['true', (value) => booleanOf(value) === true],
  ['false', (value) => booleanOf(value) === false],
  ['mapping', (value) => value.type === 'ObjectValue'],
  ['sequence', (value) => itemsOf(value) !== undefined || stringOf(value) !== undefined || entriesOf(value) !== undefined],
  ['iterable', (value) => itemsOf(value) !== undefined || stringOf(value) !== undefined],
  ['odd', integerParity(1)],
  ['even', integerParity(0)],
  [
    'divisibleby',
    (value, [divisor]) => {
      const number = numberOf(value);
      const by = divisor === undefined ? undefined : numberOf(divisor);
      return number !== undefined && by !== undefined && by !== 0 && number % by === 0;
    },
  ],
  [
    'lower',
    (value) => {
      const text = stringOf(value);
      return text !== undefined && text === text.toLowerCase();
    },
  ],
  [
    'upper',
    (value) => {
      const text = stringOf(value);
      return text !== undefined && text === text.toUpperCase();
    },
  ],
  ['eq', equal],
  ['equalto', equal],
  ['==', equal],
  ['ne', (value, args) => !equal(value, args)],
  ['!=', (value, args) => !equal(value, args)],
  ['gt', ordered((order) => order > 0)],
  ['greaterthan', ordered((order) => order > 0)],
  ['>', ordered((order) => order > 0)],
  ['ge', ordered((order) => order >= 0)],
  ['>=', ordered((order) => order >= 0)],
  ['lt', ordered((order) => order < 0)],
  ['lessthan', ordered((order) => order < 0)],
  ['<', ordered((order) => order < 0)],
  ['le', ordered((order) => order <= 0)],
  ['<=', ordered((order) => order <= 0)],
  [
    'in',
    (value, [container]) => {
      if (container === undefined) return false;
      const items = itemsOf(container);
      if (items) return items.some((item) => plain(item) === plain(value));
      const text = stringOf(container);
      const needle = stringOf(value);
      if (text !== undefined) return needle !== undefined && text.includes(needle);
      const key = stringOf(value);
      return key !== undefined && (entriesOf(container)?.has(key) ?? false);
    },
  ],
]);

/**
 * Looks up an allow-listed test; without a name, Jinja truthiness.
 * @throws {Error} for a test name that is not allowed
 */
export function itemTestOf(name: string | undefined): ItemTest {
  if (name === undefined) return (value) => isTruthy(value);
  const test = ITEM_TESTS.get(name);
  if (test === undefined) throw new Error(`unknown test "${name}"`);
  return test;
}
