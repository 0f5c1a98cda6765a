import { type Page, type PageRequest } from '../../../storage/keyset-page.js';
import type { CommandContext } from '../../context.js';
import { fieldMap, presentDocument } from '../document.presenter.js';
import type { DocumentFilter } from '../document.repository.js';

/**
 * `GET /v1/documents` (instances) and `GET /v1/templates` (templates) of the organization,
 * each with its `{key: value}` field map; instances may be narrowed to a title text or a state.
 */
export async function listDocuments(ctx: CommandContext, options: { templates: boolean; filter?: DocumentFilter }, page: PageRequest) {
  const orgId = ctx.actor.org.orgId;
  const documents = await ctx.repos.documents.listPage(orgId, options.templates, page, options.filter);
  const fields = await ctx.repos.fields.listByDocuments(
    orgId,
    documents.items.map((d) => d.id),
  );
  return {
    items: documents.items.map((d) => ({ ...presentDocument(d), fields: fieldMap(fields.get(d.id) ?? []) })),
    nextCursor: documents.nextCursor,
  } satisfies Page<unknown>;
}
