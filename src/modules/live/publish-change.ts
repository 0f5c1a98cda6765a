/**
 * The one call a use case makes to tell open views that something changed (ADR 0591):
 *
 *   await publishDocumentChange(tx, documentId, { kind: 'comment.changed', sectionId, commentId, action: 'created' });
 *
 * Call it with the transaction context of the change itself (inside `ctx.transaction`), after
 * the change's writes: the change row commits with them or not at all, and the org's counter
 * row is held only from there to the commit. Every document stream of that document and the
 * organization's stream deliver it within a poll (250 ms), on every API process.
 */
import { SYSTEM_USER_ID } from '../../kernel/actor.js';
import type { CommandContext } from '../context.js';

type DocumentChange =
  | { kind: 'section.changed'; sectionId: string | null; action: 'created' | 'edited' | 'restored' | 'deleted' | 'reordered' | 'updated' }
  | { kind: 'fields.changed'; keys: string[] }
  | { kind: 'document.changed'; state?: string; deleted?: boolean }
  | { kind: 'snapshot.changed'; snapshotId: string; action: 'created' | 'restored' | 'deleted' }
  | { kind: 'comment.changed'; sectionId: string | null; commentId: string; action: 'created' | 'updated' | 'resolved' | 'reopened' | 'deleted' }
  | { kind: 'suggestion.changed'; sectionId: string; suggestionId: string; action: 'proposed' | 'accepted' | 'rejected' };

type OrgChange =
  | { kind: 'assessment.changed'; assessmentId: string | null; sourceDocumentId?: string; status?: string }
  | { kind: 'merge_run.changed'; mergeRunId: string; status: string };

/** Who made the change as events name it: null for the service's own work (runs, workers). */
function byOf(ctx: CommandContext): string | null {
  return ctx.actor.userId === SYSTEM_USER_ID ? null : ctx.actor.userId;
}

/** Publishes a change of one document of the context's organization (see the file comment). */
export async function publishDocumentChange(ctx: CommandContext, documentId: string, change: DocumentChange): Promise<void> {
  await ctx.repos.liveChanges.append(ctx.actor.org.orgId, [{ ...change, documentId, by: byOf(ctx) }], ctx.clock.now());
}

/** Publishes a change that belongs to the organization but no document (assessments, merge runs). */
export async function publishOrgChange(ctx: CommandContext, change: OrgChange): Promise<void> {
  await ctx.repos.liveChanges.append(ctx.actor.org.orgId, [{ ...change, documentId: null, by: byOf(ctx) }], ctx.clock.now());
}
