/**
 * Readiness gaps the library adds to a document's verdict:
 * - `risk_block_draft`: a bound snippet holds a risk block still in draft. Only approved risk
 *   blocks may stand in a finalized document, so it blocks there and is a warning elsewhere.
 * - `snippet_role_unbound`: a bound snippet's text uses a role (its `entityRolesUsed`) that the
 *   binding's `entityBindings` leaves unset. Blocking; fixed by entering a value (needsInput).
 */
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { BoundLibrary } from './bound-library.js';

/** The library's gaps for a document, from what it binds (see loadBoundLibrary). Pure. */
export function libraryGaps(document: Pick<DocumentRecord, 'state'>, { bound, textById, riskBlockById: blockById }: BoundLibrary): ReadinessGap[] {
  const finalized = document.state === 'finalized';
  const gaps: ReadinessGap[] = [];
  const reportedBlocks = new Set<string>();

  for (const { binding, snippet } of bound) {
    const unbound = new Set<string>();
    for (const item of snippet.items) {
      if (item.itemType === 'risk_block') {
        const block = blockById.get(item.targetId);
        if (!block || block.status === 'approved' || reportedBlocks.has(block.id)) continue;
        reportedBlocks.add(block.id);
        gaps.push({
          kind: 'risk_block_draft',
          message: finalized
            ? `Risk block "${block.key}" (in snippet "${snippet.key}") is still a draft: a finalized document may only contain approved risk blocks`
            : `Risk block "${block.key}" (in snippet "${snippet.key}") is still a draft: approve it before the document is finalized`,
          subjectType: 'risk_block',
          subjectId: block.id,
          key: block.key,
          blocking: finalized,
        });
        continue;
      }
      const text = textById.get(item.targetId);
      for (const role of text?.entityRolesUsed ?? []) {
        if (binding.entityBindings[role] !== undefined || unbound.has(role)) continue;
        unbound.add(role);
        gaps.push({
          kind: 'snippet_role_unbound',
          message: `Snippet "${snippet.key}" uses the role "${role}" (text "${text?.key}"), which its binding leaves unset: set entityBindings.${role}`,
          subjectType: 'snippet_binding',
          subjectId: binding.id,
          key: role,
          blocking: true,
          needsInput: true,
        });
      }
    }
  }
  return gaps;
}
