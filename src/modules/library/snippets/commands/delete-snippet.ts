/** `DELETE /v1/snippets/{id}`: the snippet, its items, and every document binding of it. */
import type { CommandContext } from '../../../context.js';
import { requireSnippet } from '../require-snippet.js';

/**
 * @throws NotFoundError when the snippet is absent or of another organization.
 */
export async function deleteSnippet(ctx: CommandContext, snippetId: string): Promise<void> {
  const snippet = await requireSnippet(ctx, snippetId);
  // Items and bindings go with it (ON DELETE CASCADE on both foreign keys).
  await ctx.repos.snippets.delete(ctx.actor.org.orgId, snippet.id);
}
