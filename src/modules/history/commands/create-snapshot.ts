import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { type SnapshotRecord } from '../snapshot.repository.js';
import { publishDocumentChange } from '../../live/publish-change.js';

/**
 * `POST /snapshots`: captures every section's current output; unlabeled → "Version N".
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function createSnapshot(ctx: CommandContext, documentId: string, label: string | null | undefined): Promise<SnapshotRecord> {
  return ctx.transaction(async (tx) => {
    const document = await requireDocument(tx, documentId);
    const orgId = tx.actor.org.orgId;
    const snapshots = tx.repos.snapshots;
    const versionNumber = await snapshots.nextVersionNumber(orgId, document.id);
    const sections = await tx.repos.sections.listByDocument(orgId, document.id);
    const record: SnapshotRecord = {
      id: newId('snap'),
      documentId: document.id,
      versionNumber,
      label: label && label.trim() !== '' ? label.trim() : `Version ${versionNumber}`,
      sections: sections.map((s) => ({ sectionId: s.id, key: s.key, title: s.title, content: s.content, status: s.status })),
      createdBy: tx.actor.email,
      createdAt: tx.clock.now().toISOString(),
    };
    await snapshots.insert(orgId, record);
    await publishDocumentChange(tx, document.id, { kind: 'snapshot.changed', snapshotId: record.id, action: 'created' });
    return record;
  });
}
