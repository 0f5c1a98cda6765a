import type { CommandContext } from '../../../context.js';
import { requireDataNeed, requireDocument } from '../../require-document.js';
import { presentDataNeed } from '../data-need.presenter.js';

/**
 * `GET /data-needs`, in ordinal order.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listDataNeeds(ctx: CommandContext, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  return (await ctx.repos.dataNeeds.listByDocument(ctx.actor.org.orgId, document.id)).map(presentDataNeed);
}

/**
 * `GET /data-needs/{need_id}`.
 *
 * @throws NotFoundError when the document or need is absent or foreign.
 */
export async function getDataNeed(ctx: CommandContext, documentId: string, needId: string) {
  const document = await requireDocument(ctx, documentId);
  return presentDataNeed(await requireDataNeed(ctx, document.id, needId));
}
