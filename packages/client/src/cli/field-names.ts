/** `--field k=v` pairs, and the check that every key names a field the document (or template) has. */
import type { FieldModel } from '../documents.js';
import { UsageError } from './usage-error.js';

/** `k=v` pairs (the value may contain `=`); a pair without `=` or key is a usage error. */
export function fieldAssignments(pairs: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--field takes key=value, got "${pair}"`);
    fields[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return fields;
}

/**
 * Refuses keys that are not fields of `known`, listing the known ones. The API stores any key
 * (a document may carry fields its template lacks), so a typo would be kept silently and the
 * field meant would stay empty: the CLI checks first.
 */
export function refuseUnknownFields(assigned: Record<string, string>, known: FieldModel[]): void {
  const keys = new Set(known.map((field) => field.key));
  const unknown = Object.keys(assigned).filter((key) => !keys.has(key));
  if (unknown.length === 0) return;
  const listed = [...keys].sort().join(', ') || '(none)';
  throw new UsageError(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')}; known fields: ${listed}`);
}
