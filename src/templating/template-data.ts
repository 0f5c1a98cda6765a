/**
 * Turns the host's render context into template values.
 *
 * The library's own converter wraps JS functions into callables and recurses without a
 * cycle check, so a context holding a function (or a class instance with methods reached
 * through a getter) would hand host code to the template. We convert ourselves and keep
 * only data: strings, finite-or-not numbers, booleans, null, lists and mappings.
 */
import { makeArray, makeBoolean, makeInteger, makeFloat, makeNone, makeObject, makeString, makeUndefined, type RuntimeValue } from './jinja-runtime.js';

/** Nesting deeper than this is cut to none: no real document context is that deep. */
const MAX_DEPTH = 64;

/**
 * Converts one host value into a runtime value holding only data.
 * Functions and symbols become undefined, cycles and over-deep nesting become none,
 * Dates become ISO strings, Maps become mappings and Sets become lists.
 */
export function toTemplateValue(value: unknown, depth = 0, seen: Set<object> = new Set()): RuntimeValue {
  switch (typeof value) {
    case 'string':
      return makeString(value);
    case 'number':
      return Number.isInteger(value) ? makeInteger(value) : makeFloat(value);
    case 'boolean':
      return makeBoolean(value);
    case 'bigint':
      return Number.isSafeInteger(Number(value)) ? makeInteger(Number(value)) : makeString(value.toString());
    case 'undefined':
    case 'function':
    case 'symbol':
      return makeUndefined();
    default:
      break;
  }
  if (value === null || typeof value !== 'object') return makeNone();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? makeNone() : makeString(value.toISOString());
  if (depth >= MAX_DEPTH || seen.has(value)) return makeNone();
  seen.add(value);
  try {
    if (Array.isArray(value) || value instanceof Set) {
      return makeArray([...value].map((item: unknown) => toTemplateValue(item, depth + 1, seen)));
    }
    const source: Iterable<[unknown, unknown]> = value instanceof Map ? value.entries() : Object.entries(value);
    const entries = new Map<string, RuntimeValue>();
    for (const [key, item] of source) {
      const converted = toTemplateValue(item, depth + 1, seen);
      // A key holding no data (undefined, a function) is left out, so the template sees it as missing.
      if (converted.type !== 'UndefinedValue') entries.set(String(key), converted);
    }
    return makeObject(entries);
  } finally {
    seen.delete(value);
  }
}
