/**
 * Lifecycle states of a document and the editing rule they imply.
 *
 * Rule: a `finalized` document refuses edits to its content — sections, fields, data-needs,
 * config, spec — and generation, with 422, until it is put back to `draft` or `under-review`.
 * Its metadata (title, description, template flag) and its state stay editable.
 */
import { DomainValidationError } from '../../kernel/errors.js';
import type { DocumentRecord } from './document.repository.js';

export const LIFECYCLE_STATES = ['draft', 'under-review', 'finalized'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export function isLifecycleState(value: string): value is LifecycleState {
  return (LIFECYCLE_STATES as readonly string[]).includes(value);
}

/**
 * @throws DomainValidationError when the document is finalized.
 */
export function assertEditable(document: DocumentRecord): void {
  if (document.state === 'finalized') {
    throw new DomainValidationError('document is finalized: put it back to draft or under-review (PUT /state) before editing');
  }
}
