/** Attaches each snippet's ordered items (one query for all of them). */
import type { CommandContext } from '../../context.js';
import type { SnippetWithItems } from './snippet.presenter.js';
import { type SnippetRecord } from './snippet.repository.js';

/** The snippets (already in scope) with their items in ordinal order. Never throws NotFoundError. */
export async function withItems(ctx: CommandContext, snippets: readonly SnippetRecord[]): Promise<SnippetWithItems[]> {
  const items = await ctx.repos.snippets.listItems(
    ctx.actor.org.orgId,
    snippets.map((s) => s.id),
  );
  return snippets.map((snippet) => ({ ...snippet, items: items.filter((item) => item.snippetId === snippet.id) }));
}
