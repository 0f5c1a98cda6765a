/** The wire shape of a binding: the body's keys, plus the bound snippet with its items. */
import { type SnippetWithItems, presentSnippet } from '../snippets/snippet.presenter.js';
import type { BindingRecord } from './binding.repository.js';

/** A binding with its snippet (null if the snippet vanished in between). Never throws. */
export function presentBinding(binding: BindingRecord, snippet: SnippetWithItems | undefined) {
  return {
    id: binding.id,
    documentId: binding.documentId,
    snippetId: binding.snippetId,
    entityBindings: binding.entityBindings,
    ordinal: binding.ordinal,
    snippet: snippet ? presentSnippet(snippet) : null,
    createdAt: binding.createdAt,
    updatedAt: binding.updatedAt,
  };
}
