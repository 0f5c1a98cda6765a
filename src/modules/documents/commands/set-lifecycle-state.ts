import { DomainValidationError } from '../../../kernel/errors.js';
import { excerpt } from '../../../kernel/limits.js';
import { requireRole } from '../../../kernel/roles.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../document.repository.js';
import { type FinalizeBlockers, LIFECYCLE_STATES, isLifecycleState } from '../lifecycle.js';
import { requireDocument } from '../require-document.js';
import { publishDocumentChange } from '../../live/publish-change.js';

/**
 * `PUT /v1/documents/{id}/state`: any of the three states may follow any other, except that
 * `finalized` is refused while the document has a blocking readiness gap (a draft risk block,
 * a missing required field…): the refusal names every blocker and changes nothing.
 * Finalizing is review work, and so is reopening a finalized document: both need a reviewer
 * (the route lets editors in — the other transitions are theirs — so the body decides here).
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError for an unknown state or a
 *   document that cannot be finalized yet; ForbiddenError when finalizing or reopening below reviewer.
 */
export async function setLifecycleState(ctx: CommandContext, documentId: string, state: string, finalizeBlockers: FinalizeBlockers): Promise<DocumentRecord> {
  if (!isLifecycleState(state)) throw new DomainValidationError(`state must be one of ${LIFECYCLE_STATES.join(', ')} (got "${excerpt(state)}")`);
  if (state === 'finalized') requireRole(ctx.actor, 'reviewer', 'finalizing a document');
  return ctx.transaction(async (tx) => {
    const document = await requireDocument(tx, documentId);
    if (document.state === 'finalized') requireRole(tx.actor, 'reviewer', 'reopening a finalized document');
    if (state === 'finalized') {
      const blockers = await finalizeBlockers(tx, document);
      if (blockers.length > 0) throw new DomainValidationError(`document cannot be finalized: ${blockers.join('; ')}`);
    }
    const updatedAt = tx.clock.now().toISOString();
    await tx.repos.documents.update(tx.actor.org.orgId, document.id, { state, updatedAt });
    await publishDocumentChange(tx, document.id, { kind: 'document.changed', state });
    return { ...document, state, updatedAt };
  });
}
