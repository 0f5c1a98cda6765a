import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import type { CommandContext } from '../../../context.js';
import { requireDataNeed, requireDocument } from '../../require-document.js';
import { presentDataNeed } from '../data-need.presenter.js';

/**
 * `GET /data-needs`, in ordinal order.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listDataNeeds(ctx: CommandContext, documentId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  return mapPage(ctx.repos.dataNeeds.listPage(ctx.actor.org.orgId, document.id, page), presentDataNeed);
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
