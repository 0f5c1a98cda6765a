/**
 * Whether a string fits a field's declared type. Pure and import-free so the one check serves
 * readiness (`field_type_invalid`), the commands that store values, and the console's interview,
 * which validates a step before Next with the very rule the server applies.
 */

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
