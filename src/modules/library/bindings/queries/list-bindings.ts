import type { PageRequest } from '../../../../storage/keyset-page.js';
import type { CommandContext } from '../../../context.js';
import { requireDocument } from '../../../documents/require-document.js';
import { withItems } from '../../snippets/with-items.js';
import { presentBinding } from '../binding.presenter.js';
import type { BindingRecord } from '../binding.repository.js';
import { withBoundSnippets } from '../bound-snippets.js';

/**
 * `GET /v1/documents/{id}/snippets`: bindings in binding order, each with its snippet and items.
 *
 * @throws NotFoundError when the document is absent or of another organization.
 */
export async function listBindings(ctx: CommandContext, documentId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  const bindings = await ctx.repos.bindings.listPage(ctx.actor.org.orgId, document.id, page);
  return {
    items: (await withBoundSnippets(ctx, bindings.items)).map(({ binding, snippet }) => presentBinding(binding, snippet)),
    nextCursor: bindings.nextCursor,
  };
}

/** One binding (of a gated document) with its snippet: the answer of bind and update. */
export async function bindingDetail(ctx: CommandContext, binding: BindingRecord) {
  const snippet = await ctx.repos.snippets.findById(ctx.actor.org.orgId, binding.snippetId);
  const [withList] = snippet ? await withItems(ctx, [snippet]) : [];
  return presentBinding(binding, withList);
}
