import { DomainValidationError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../document.repository.js';
import { LIFECYCLE_STATES, isLifecycleState } from '../lifecycle.js';
import { requireDocument } from '../require-document.js';

/**
 * `PUT /v1/documents/{id}/state`: any of the three states may follow any other.
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError for an unknown state.
 */
export async function setLifecycleState(ctx: CommandContext, documentId: string, state: string): Promise<DocumentRecord> {
  if (!isLifecycleState(state)) throw new DomainValidationError(`state must be one of ${LIFECYCLE_STATES.join(', ')} (got "${state}")`);
  const document = await requireDocument(ctx, documentId);
  const updatedAt = ctx.clock.now().toISOString();
  await ctx.repos.documents.update(ctx.actor.org.orgId, document.id, { state, updatedAt });
  return { ...document, state, updatedAt };
}
