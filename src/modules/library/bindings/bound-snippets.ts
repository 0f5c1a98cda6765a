/**
 * A document's bindings in binding order, each with its snippet and the snippet's items: what
 * the list route shows, readiness checks, the spec exports and the render stage reads.
 */
import type { CommandContext } from '../../context.js';
import type { SnippetWithItems } from '../snippets/snippet.presenter.js';
import { withItems } from '../snippets/with-items.js';
import { type BindingRecord } from './binding.repository.js';

export interface BoundSnippet {
  binding: BindingRecord;
  snippet: SnippetWithItems;
}

/** The caller must have gated the document (requireDocument) first. */
export async function loadBoundSnippets(ctx: CommandContext, documentId: string): Promise<BoundSnippet[]> {
  return withBoundSnippets(ctx, await ctx.repos.bindings.listByDocument(ctx.actor.org.orgId, documentId));
}

/** Bindings (of a gated document) with their snippets; one whose snippet is gone is left out. */
export async function withBoundSnippets(ctx: CommandContext, bindings: BindingRecord[]): Promise<BoundSnippet[]> {
  const orgId = ctx.actor.org.orgId;
  const repo = ctx.repos.snippets;
  const ids = [...new Set(bindings.map((b) => b.snippetId))];
  const snippets = await withItems(
    ctx,
    (await Promise.all(ids.map((id) => repo.findById(orgId, id)))).filter((s) => s !== undefined),
  );
  const byId = new Map(snippets.map((s) => [s.id, s]));
  return bindings.flatMap((binding) => {
    const snippet = byId.get(binding.snippetId);
    return snippet ? [{ binding, snippet }] : [];
  });
}
