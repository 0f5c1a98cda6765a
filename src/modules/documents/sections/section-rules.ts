/** The vocabulary of sections and their defaults. */
import { DomainValidationError } from '../../../kernel/errors.js';
import { excerpt } from '../../../kernel/limits.js';

export const RENDER_MODES = ['templated', 'synthesized'] as const;
export const OUTPUT_TYPES = ['string', 'markdown', 'json', 'list', 'table'] as const;
export const SECTION_STATUSES = ['empty', 'generated', 'edited', 'stale', 'failed'] as const;

export const SECTION_DEFAULTS = { renderMode: 'synthesized', outputType: 'string' } as const;

function assertOneOf(name: string, value: string, allowed: readonly string[]): void {
  if (!allowed.includes(value)) throw new DomainValidationError(`${name} must be one of ${allowed.join(', ')} (got "${excerpt(value)}")`);
}

/** @throws DomainValidationError for a value outside the vocabulary. */
export function assertRenderMode(value: string): void {
  assertOneOf('render_mode', value, RENDER_MODES);
}

/** @throws DomainValidationError for a value outside the vocabulary. */
export function assertOutputType(value: string): void {
  assertOneOf('output_type', value, OUTPUT_TYPES);
}

/** @throws DomainValidationError for a value outside the vocabulary. */
export function assertSectionStatus(value: string): void {
  assertOneOf('status', value, SECTION_STATUSES);
}

/** @throws DomainValidationError for a blank title. */
export function assertTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw new DomainValidationError('title must not be blank');
  return trimmed;
}
