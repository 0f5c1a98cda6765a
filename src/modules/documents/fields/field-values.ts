/**
 * Field values are stored as strings (the contract's rule). This file coerces what clients
 * send and checks a string against its field's type — the one check shared by readiness
 * (`field_type_invalid`, for values already stored) and by every command that sets values
 * (`assertFieldValuesFit`: a value that can never be valid is refused before it is stored).
 */
import { DomainValidationError } from '../../../kernel/errors.js';

export const VALUE_TYPES = ['string', 'number', 'integer', 'boolean', 'date', 'email', 'url', 'enum', 'text'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export function isValueType(value: string): value is ValueType {
  return (VALUE_TYPES as readonly string[]).includes(value);
}

/** `12` → `"12"`, `true` → `"true"`, `null` → `""`. */
export function coerceFieldValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

const BOOLEAN_WORDS = new Set(['true', 'false', 'yes', 'no', '1', '0']);

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/**
 * Why `value` is not a valid `valueType`, or null when it is (an empty value is valid here:
 * emptiness is the "required" check's business).
 */
export function fieldValueProblem(valueType: string, value: string, options: string[] | null): string | null {
  const v = value.trim();
  if (v === '') return null;
  switch (valueType) {
    case 'number':
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(v) ? null : `"${value}" is not a number`;
    case 'integer':
      return /^-?\d+$/.test(v) ? null : `"${value}" is not a whole number`;
    case 'boolean':
      return BOOLEAN_WORDS.has(v.toLowerCase()) ? null : `"${value}" is not true or false`;
    case 'date':
      return isIsoDate(v) ? null : `"${value}" is not a date in the form YYYY-MM-DD`;
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : `"${value}" is not an email address`;
    case 'url':
      try {
        const url = new URL(v);
        return url.protocol === 'http:' || url.protocol === 'https:' ? null : `"${value}" is not an http(s) URL`;
      } catch {
        return `"${value}" is not a URL`;
      }
    case 'enum':
      return options && !options.includes(value) ? `"${value}" is not one of the allowed values: ${options.join(', ')}` : null;
    default:
      return null;
  }
}

/** What a value is checked against: the field's declared type (and an enum's allowed values). */
export interface FieldTypeOf {
  key: string;
  valueType: string;
  options: string[] | null;
}

/** `field "key" (type): problem` when `value` can never be valid for the field's type, else null. */
export function fieldValueRefusal(field: FieldTypeOf, value: string): string | null {
  const problem = fieldValueProblem(field.valueType, value, field.options);
  return problem ? `field "${field.key}" (${field.valueType}): ${problem}` : null;
}

/**
 * Refuses values that can never be valid for their field's declared type. The check is the
 * readiness check (`fieldValueProblem`): it reads nothing but the value and the field's declared
 * type (and options), so a value it rejects could only ever be a `field_type_invalid` gap, until
 * someone changes the field's type. Empty values pass (they are "missing", which readiness
 * reports for required fields).
 *
 * @throws DomainValidationError naming every such field, its value and, for an enum, the allowed values.
 */
export function assertFieldValuesFit(values: ReadonlyArray<{ field: FieldTypeOf; value: string }>): void {
  const problems = values.flatMap(({ field, value }) => fieldValueRefusal(field, value) ?? []);
  if (problems.length > 0) throw new DomainValidationError(`field values refused, nothing was stored: ${problems.join('; ')}`);
}
