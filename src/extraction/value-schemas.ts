/**
 * One JSON schema per `value_type` (ajv), plus semantic checks JSON Schema cannot express
 * (real calendar dates, RFC 3339 date-times). Used to refuse (422) a correction whose value has
 * the wrong type.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonValue, ValueType } from './types.js';

const STRING = { type: 'string', minLength: 1 } as const;

/**
 * Schemas by value type. Notes: `percent` is in percent points (12.5 means 12.5 %); `money`
 * amounts are major units with an ISO 4217 code or null; `address` is an object of string parts
 * (at least one); `enum` values are strings, checked against `enum_values` when given.
 */
export const VALUE_SCHEMAS: Record<ValueType, object> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  money: {
    type: 'object',
    required: ['amount', 'currency'],
    additionalProperties: false,
    properties: { amount: { type: 'number' }, currency: { anyOf: [{ type: 'string', pattern: '^[A-Z]{3}$' }, { type: 'null' }] } },
  },
  date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  datetime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:[Zz]|[+-]\\d{2}:\\d{2})$' },
  boolean: { type: 'boolean' },
  email: { type: 'string', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', maxLength: 320 },
  phone: { type: 'string', pattern: '^\\+?[0-9 ().\\-/]{5,32}$' },
  percent: { type: 'number' },
  enum: STRING,
  address: {
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: {
      lines: { type: 'array', items: { type: 'string' } },
      street: { type: 'string' },
      city: { type: 'string' },
      postal_code: { type: 'string' },
      region: { type: 'string' },
      country: { type: 'string' },
      text: { type: 'string' },
    },
  },
  object: { type: 'object' },
  array: { type: 'array' },
};

const ajv = new Ajv({ allErrors: false, strict: true });
const validators = new Map<ValueType, ValidateFunction>();

function validatorFor(t: ValueType): ValidateFunction {
  let v = validators.get(t);
  if (!v) {
    v = ajv.compile(VALUE_SCHEMAS[t]);
    validators.set(t, v);
  }
  return v;
}

function realDate(s: string): boolean {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** True for a known value type name. */
export function isValueType(t: string): t is ValueType {
  return Object.prototype.hasOwnProperty.call(VALUE_SCHEMAS, t);
}

/**
 * Checks a value against its type. Returns null when it fits, else an error message suitable
 * for a 422 detail. `null` values are refused unless `allow_null` (a blank/absent correction).
 */
export function checkValueType(valueType: string, value: unknown, opts: { enum_values?: string[]; allow_null?: boolean } = {}): string | null {
  if (!isValueType(valueType)) return `unknown value_type ${valueType}`;
  if (value === null || value === undefined) return opts.allow_null && value === null ? null : `a ${valueType} value is required`;
  const v = validatorFor(valueType);
  if (!v(value)) {
    const e = v.errors?.[0];
    return `value is not a valid ${valueType}${e ? `: ${e.instancePath || 'value'} ${e.message ?? ''}`.trimEnd() : ''}`;
  }
  if ((valueType === 'number' || valueType === 'percent') && typeof value === 'number' && !Number.isFinite(value))
    return `value is not a valid ${valueType}: not finite`;
  if (valueType === 'date' && typeof value === 'string' && !realDate(value)) return `value is not a valid date: ${value} does not exist`;
  if (valueType === 'datetime' && typeof value === 'string' && (!realDate(value) || Number.isNaN(Date.parse(value))))
    return `value is not a valid datetime: ${value}`;
  if (valueType === 'phone' && typeof value === 'string' && value.replace(/\D/g, '').length < 5) return 'value is not a valid phone: too few digits';
  if (valueType === 'enum' && opts.enum_values && typeof value === 'string' && !opts.enum_values.includes(value)) {
    return `value is not one of ${opts.enum_values.join(', ')}`;
  }
  return null;
}

/** Type guard form of `checkValueType`. */
export function isValidValue(valueType: ValueType, value: unknown): value is JsonValue {
  return checkValueType(valueType, value) === null;
}
