import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireDataNeed, requireEditableDocument } from '../../require-document.js';

/**
 * `DELETE /data-needs/{need_id}`. A need that others depend on is refused, naming them.
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError when depended on or finalized.
 */
export async function deleteDataNeed(ctx: CommandContext, documentId: string, needId: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const need = await requireDataNeed(tx, document.id, needId);
    const orgId = tx.actor.org.orgId;
    const dependents = (await tx.repos.dataNeeds.listByDocument(orgId, document.id)).filter((n) => n.dependsOn?.includes(need.outputKey));
    if (dependents.length > 0) {
      throw new DomainValidationError(
        `"${need.outputKey}" is needed by ${dependents.map((n) => n.outputKey).join(', ')}; remove it from their depends_on first`,
      );
    }
    await tx.repos.dataNeeds.delete(orgId, document.id, need.id);
  });
}
