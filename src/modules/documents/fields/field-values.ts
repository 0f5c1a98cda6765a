/**
 * Field values are stored as strings (the contract's rule). This file coerces what clients
 * send and checks a string against its field's type — the one check shared by readiness
 * (`field_type_invalid`, for values already stored) and by every command that sets values
 * (`assertFieldValuesFit`: a value that can never be valid is refused before it is stored).
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { fieldValueProblem } from '../../../kernel/field-value-check.js';

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

// The type check itself is pure and lives in the kernel: the console's interview validates a step with it.
export { fieldValueProblem };

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
