/**
 * Warnings the run adds to its processor's own (§4.4 `warnings`): a processor that succeeds
 * with nothing on a document that has text is more likely the wrong processor than an empty
 * document, and a run that says nothing about it looks like a clean result.
 */
import type { ProcessingWarning, ProcessorResult } from '../../../extraction/types.js';

/** The processor's warnings plus `no_items_found` when it succeeded with zero items on a document with text. */
export function runWarnings(processorId: string, result: Pick<ProcessorResult, 'items' | 'errors' | 'text' | 'warnings'>): ProcessingWarning[] {
  const hasText = result.text.trim() !== '';
  if (result.items.length > 0 || result.errors.length > 0 || !hasText) return result.warnings;
  return [
    ...result.warnings,
    {
      code: 'no_items_found',
      message: `${processorId} found no items although the document has text; it may be the wrong processor for this document (rerun with another processor_id)`,
      page_number: null,
    },
  ];
}
