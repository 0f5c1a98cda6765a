import type { PageRequest } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';
import type { CommandContext } from '../../../context.js';
import { requireSnippet } from '../require-snippet.js';
import { presentSnippet } from '../snippet.presenter.js';
import { withItems } from '../with-items.js';

/** `GET /v1/snippets`: the organization's snippets (by phaseOrder, then key), each with its items. */
export async function listSnippets(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  const snippets = await ctx.repos.snippets.listPage(ctx.actor.org.orgId, page, view);
  return { items: (await withItems(ctx, snippets.items)).map(presentSnippet), nextCursor: snippets.nextCursor };
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
