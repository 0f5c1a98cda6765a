import type { PageRequest } from '../../../../storage/keyset-page.js';
import type { CommandContext } from '../../../context.js';
import { presentField } from '../../document.presenter.js';
import { requireDocument } from '../../require-document.js';

/**
 * `GET /fields` → FieldsResponse.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function listFields(ctx: CommandContext, documentId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  const fields = await ctx.repos.fields.listPage(ctx.actor.org.orgId, document.id, page);
  return { fields: fields.items.map(presentField), nextCursor: fields.nextCursor };
}
