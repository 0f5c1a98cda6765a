import type { CommandContext } from '../../context.js';
import { fieldMap, presentDocument } from '../document.presenter.js';

/**
 * `GET /v1/documents` (instances) and `GET /v1/templates` (templates) of the organization,
 * each with its `{key: value}` field map.
 */
export async function listDocuments(ctx: CommandContext, options: { templates: boolean }) {
  const orgId = ctx.actor.org.orgId;
  const documents = await ctx.repos.documents.list(orgId, options.templates);
  const fields = await ctx.repos.fields.listByDocuments(orgId, documents.map((d) => d.id));
  return documents.map((d) => ({ ...presentDocument(d), fields: fieldMap(fields.get(d.id) ?? []) }));
}
