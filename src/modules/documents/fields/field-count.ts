/** The per-document bound on fields (`LIMITS.fieldsPerDocument`), checked by every command that adds fields. */
import { DomainValidationError } from '../../../kernel/errors.js';
import { LIMITS } from '../../../kernel/limits.js';

/**
 * @throws DomainValidationError (422) naming the limit when `existing + added` fields exceed it.
 */
export function assertFieldCountFits(existing: number, added: number): void {
  if (added > 0 && existing + added > LIMITS.fieldsPerDocument) {
    throw new DomainValidationError(
      `a document holds at most ${LIMITS.fieldsPerDocument} fields (limit fieldsPerDocument): it has ${existing} and the request adds ${added}`,
    );
  }
}
