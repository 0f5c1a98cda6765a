import type { CommandContext } from '../../../context.js';
import { requireSnippet } from '../require-snippet.js';
import { presentSnippet } from '../snippet.presenter.js';
import { withItems } from '../with-items.js';

/** `GET /v1/snippets`: the organization's snippets (by phaseOrder, then key), each with its items. */
export async function listSnippets(ctx: CommandContext) {
  const snippets = await ctx.repos.snippets.list(ctx.actor.org.orgId);
  return (await withItems(ctx, snippets)).map(presentSnippet);
}

/**
 * `GET /v1/snippets/{id}` (also the answer of create, update and `PUT /items`).
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getSnippet(ctx: CommandContext, snippetId: string) {
  const [snippet] = await withItems(ctx, [await requireSnippet(ctx, snippetId)]);
  return presentSnippet(snippet);
}
