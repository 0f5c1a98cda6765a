import { DomainValidationError } from '../../kernel/errors.js';
import type { CompileReport } from './compile-spec.js';

/** One readable 422 detail listing every error of a compile report. */
export function specValidationError(report: CompileReport): DomainValidationError {
  const list = report.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  return new DomainValidationError(`spec is invalid (${report.errors.length} error${report.errors.length === 1 ? '' : 's'}): ${list}`);
}
