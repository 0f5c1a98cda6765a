/**
 * Tells the document's open views that its discussion changed (the live stream, ADR 0591): one
 * call per comment mutation, last in its transaction. The event names the section the thread is
 * on, so a view can re-read only that section's threads.
 */
import { publishDocumentChange } from '../../live/publish-change.js';
import type { CommandContext } from '../../context.js';

export type CommentAction = 'created' | 'updated' | 'resolved' | 'reopened' | 'deleted';

export async function announceComment(
  tx: CommandContext,
  documentId: string,
  change: { sectionId: string | null; commentId: string; action: CommentAction },
): Promise<void> {
  await publishDocumentChange(tx, documentId, { kind: 'comment.changed', ...change });
}
