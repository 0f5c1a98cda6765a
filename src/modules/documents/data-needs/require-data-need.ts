import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { DataNeedRecord } from './data-need.repository.js';

/**
 * A data-need of an already gated document; absent or foreign → 404.
 *
 * @throws NotFoundError when the need is not in the document.
 */
export async function requireDataNeed(ctx: CommandContext, documentId: string, needId: string): Promise<DataNeedRecord> {
  const need = await ctx.repos.dataNeeds.findById(ctx.actor.org.orgId, documentId, needId);
  if (!need) throw new NotFoundError(`data-need ${needId} not found`);
  return need;
}
