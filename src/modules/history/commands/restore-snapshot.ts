import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { requireEditableDocument } from '../../documents/require-document.js';
import { recordSectionVersion } from '../../documents/sections/record-section-version.js';
import { captureCurrentOutput } from '../capture-current-output.js';
import { publishDocumentChange } from '../../live/publish-change.js';

/**
 * `POST /snapshots/{id}/restore`: puts the snapshot's outputs back onto the live sections that
 * still exist (matched by id, else by key); each section's current output is versioned first.
 *
 * @throws NotFoundError when the document or snapshot is absent or foreign; DomainValidationError when finalized.
 */
export async function restoreSnapshot(ctx: CommandContext, documentId: string, snapshotId: string) {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const orgId = tx.actor.org.orgId;
    const snapshot = await tx.repos.snapshots.findById(orgId, document.id, snapshotId);
    if (!snapshot) throw new NotFoundError(`snapshot ${snapshotId} not found`);
    const sections = await tx.repos.sections.listByDocument(orgId, document.id);
    const byId = new Map(sections.map((s) => [s.id, s]));
    const byKey = new Map(sections.map((s) => [s.key, s]));
    const now = tx.clock.now().toISOString();
    const restored: string[] = [];
    for (const saved of snapshot.sections) {
      const section = byId.get(saved.sectionId) ?? byKey.get(saved.key);
      if (!section) continue;
      if (section.content === saved.content && section.status === saved.status) continue;
      await captureCurrentOutput(tx, section);
      await tx.repos.sections.update(orgId, document.id, section.id, { content: saved.content, status: saved.status }, now);
      await recordSectionVersion(tx, document.id, { id: section.id, content: saved.content, status: saved.status }, 'restored');
      restored.push(section.id);
    }
    await publishDocumentChange(tx, document.id, { kind: 'snapshot.changed', snapshotId: snapshot.id, action: 'restored' });
    return { snapshotId: snapshot.id, restoredSectionIds: restored };
  });
}
