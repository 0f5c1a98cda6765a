/**
 * Lifecycle states of a document and the editing rule they imply.
 *
 * Rule: a `finalized` document refuses edits to its content — sections, fields, data-needs,
 * config, spec — and generation, with 422, until it is put back to `draft` or `under-review`.
 * Its metadata (title, description, template flag) and its state stay editable.
 *
 * Gate: a document becomes `finalized` only when its readiness, judged as a finalized document,
 * has no blocking gap (a draft risk block blocks there). Readiness spans every base module, so
 * the check is passed in (`FinalizeBlockers`) by the workflow tier that owns the assembler.
 */
import { DomainValidationError } from '../../kernel/errors.js';
import type { CommandContext } from '../context.js';
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

/** What stops `document` from being finalized: one line per blocking gap (empty when nothing does). */
export type FinalizeBlockers = (ctx: CommandContext, document: DocumentRecord) => Promise<string[]>;
