import type { CommandContext } from '../../../context.js';
import { presentField } from '../../document.presenter.js';
import { requireDocument } from '../../require-document.js';

/**
 * `GET /fields` → FieldsResponse.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function listFields(ctx: CommandContext, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  const fields = await ctx.repos.fields.listByDocument(ctx.actor.org.orgId, document.id);
  return { fields: fields.map(presentField) };
}
